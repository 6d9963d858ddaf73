import type { recoveryRequestMachine } from '../../machines/recovery-request-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What "Forgot your password?" submits on its generated paths and what the network answers. */

export const recoveryEmail = 'someone@example.com'

export const recoveryRequestPathEvents: PathEvents<typeof recoveryRequestMachine> = (snapshot) => {
  if (snapshot.matches('form'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', email: recoveryEmail },
          { type: 'submit', email: 'someone at example' },
        ]
      : [{ type: 'submit', email: recoveryEmail }]
  if (snapshot.matches('sending'))
    return [
      {
        type: 'xstate.done.actor.resendRecoveryEmail',
        output: accepted('If the address has an account, a recovery email is on its way.'),
      },
      {
        type: 'xstate.error.actor.resendRecoveryEmail',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.resendRecoveryEmail', error: unreachable() },
    ]
  return []
}
