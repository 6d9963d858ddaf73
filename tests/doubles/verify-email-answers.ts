import type { verifyEmailMachine } from '../../machines/verify-email-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'

/** What the verification page's generated paths get from the network, per state. */

/** A token as the verification mail's link carries it (43 base64url characters). */
export const verifyToken = 'B'.repeat(43)
/** The link as the mail sends it, and one cut short. */
export const verifyLinkInputs = [{ token: verifyToken }, { token: verifyToken.slice(0, 12) }]

export const verifyEmailPathEvents: PathEvents<typeof verifyEmailMachine> = (snapshot) =>
  snapshot.matches('verifying')
    ? [
        {
          type: 'xstate.done.actor.verifyEmail',
          output: accepted('Your email address is confirmed.'),
        },
        {
          type: 'xstate.error.actor.verifyEmail',
          error: refused(400, 'expired_token', 'This link has expired.'),
        },
        {
          type: 'xstate.error.actor.verifyEmail',
          error: refused(409, 'already_verified', 'This email address is already confirmed.'),
        },
        {
          type: 'xstate.error.actor.verifyEmail',
          error: refused(400, 'invalid_token', 'This link is invalid.'),
        },
        { type: 'xstate.error.actor.verifyEmail', error: unreachable() },
      ]
    : []
