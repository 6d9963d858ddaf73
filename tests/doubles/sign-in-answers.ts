import type { signInMachine } from '../../machines/sign-in-machine'
import type { SignedInBody } from '../../src/domain/api/api-contract'
import { testUser } from '../fixtures/account-user'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What the sign-in form's generated paths submit and what the network answers, per state. */

export const signInValues = {
  email: testUser.email,
  password: 'lantern orbit mango 42',
  remember: true,
}

/** The sign-in's success: the account, as `/api/v1/auth/login` answers it. */
export const signedInBody: SignedInBody = { ...accepted('Welcome back.'), user: testUser }

export const signInPathEvents: PathEvents<typeof signInMachine> = (snapshot) => {
  if (snapshot.matches('form'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', ...signInValues },
          { type: 'submit', email: 'not an address', password: 'x', remember: false },
        ]
      : [{ type: 'submit', ...signInValues }]
  if (snapshot.matches('invalid')) return [{ type: 'submit', ...signInValues, remember: false }]
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.login', output: signedInBody },
      {
        type: 'xstate.error.actor.login',
        error: refused(401, 'invalid_credentials', 'Wrong email or password.'),
      },
      {
        type: 'xstate.error.actor.login',
        error: refused(403, 'email_unverified', 'Confirm your email address first.'),
      },
      {
        type: 'xstate.error.actor.login',
        error: refused(429, 'rate_limited', 'Too many sign-in attempts. Try again in 5 minutes.'),
      },
      { type: 'xstate.error.actor.login', error: unreachable() },
    ]
  if (snapshot.matches('resendingVerification'))
    return [
      {
        type: 'xstate.done.actor.resendVerification',
        output: accepted('If the address needs confirming, a new link is on its way.'),
      },
      {
        type: 'xstate.error.actor.resendVerification',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.resendVerification', error: unreachable() },
    ]
  return []
}
