import type { verificationRequestMachine } from '../../machines/verification-request-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What "Send me a new link" submits on its generated paths and what the network answers. */

export const verificationEmail = 'someone@example.com'

/** The confirmation link's answer that brings the form: it has expired. */
export const expiredLink = refused(400, 'expired_token', 'This confirmation link has expired.')

export const verificationRequestPathEvents: PathEvents<typeof verificationRequestMachine> = (
  snapshot,
) => {
  if (snapshot.matches('form'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', email: verificationEmail },
          { type: 'submit', email: 'someone at example' },
        ]
      : [{ type: 'submit', email: verificationEmail }]
  if (snapshot.matches('sending'))
    return [
      {
        type: 'xstate.done.actor.resendVerification',
        output: accepted(
          'If that address has an account waiting for confirmation, we have sent it a new link.',
        ),
      },
      {
        type: 'xstate.error.actor.resendVerification',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.resendVerification', error: unreachable() },
    ]
  return []
}
