import { type CallFailure, failureBody, type SignedInBody } from '../../domain/api/api-contract'
import type { signInMachine } from '../../machines/sign-in-machine'
import { testUser } from '../fixtures/account-user'
import type { PathEvents } from '../paths/path-plan'
import { accepted, readAs, readRefused, refused, unreachable } from './api-answers'
import { fakeAssertionJSON, fakeRequestOptions } from './fake-webauthn'

/** What the sign-in form's generated paths submit and what the network answers, per state. */

export const signInValues = {
  email: testUser.email,
  password: 'lantern orbit mango 42',
  remember: true,
}

/** The sign-in's success: the account, as `/api/v1/auth/login` answers it. */
export const signedInBody: SignedInBody = { ...accepted('Welcome back.'), user: testUser }

/** The options a passkey sign-in starts from (the button's dialog, the autofill's request). */
export const passkeyOptionsRead = readAs('passkeySignInOptions', {
  success: true,
  options: {
    ...fakeRequestOptions,
    allowCredentials: [],
    timeout: 300_000,
    userVerification: 'required',
  },
})

/** The password was right, and the account has an authenticator app: a code is next. */
export const secondFactorRequired: CallFailure = {
  message: 'Request failed with status code 401',
  response: {
    status: 401,
    data: {
      ...failureBody('second_factor_required', 'One more step.'),
      methods: ['totp', 'recoveryCode'],
    },
  },
}

/** The second step's answers the sign-in form's paths give: a good code, a half-way sign-in gone stale. */
export const secondStepSignedInRead = readAs('loginSecondFactor', signedInBody)
export const signInExpired = refused(401, 'sign_in_expired', 'Signing in took too long.')
export const signInExpiredRead = readRefused('loginSecondFactor', signInExpired)

/** The visitor closed the browser's passkey dialog: no call is made, so nothing answers. */
export const passkeyClosed = new DOMException('closed', 'NotAllowedError')

export const signInPathEvents: PathEvents<typeof signInMachine> = (snapshot) => {
  const passkeys = [
    { type: 'usePasskey' },
    { type: 'passkeyChosen', response: fakeAssertionJSON },
  ] as const
  if (snapshot.matches('form'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', ...signInValues },
          { type: 'submit', email: 'not an address', password: 'x', remember: false },
          ...passkeys,
        ]
      : [{ type: 'submit', ...signInValues }, ...passkeys]
  if (snapshot.matches('invalid'))
    return [{ type: 'submit', ...signInValues, remember: false }, ...passkeys]
  if (snapshot.matches('expired') || snapshot.matches('passkeyRejected'))
    return [{ type: 'submit', ...signInValues }, ...passkeys]
  if (snapshot.matches('passkey'))
    return [
      { type: 'xstate.done.actor.passkeySignIn', output: signedInBody },
      { type: 'xstate.error.actor.passkeySignIn', error: passkeyClosed },
      {
        type: 'xstate.error.actor.passkeySignIn',
        error: refused(400, 'passkey_rejected', 'That passkey is not registered here.'),
      },
      {
        type: 'xstate.error.actor.passkeySignIn',
        error: refused(429, 'rate_limited', 'Too many sign-in attempts. Try again in 5 minutes.'),
      },
      { type: 'xstate.error.actor.passkeySignIn', error: unreachable() },
    ]
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
      { type: 'xstate.error.actor.login', error: secondFactorRequired },
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
