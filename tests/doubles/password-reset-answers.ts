import type { passwordResetMachine } from '../../machines/password-reset-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, offContract, refused, unreachable } from './api-answers'

/**
 * What the password reset's generated paths submit and what the network answers, per state:
 * one table for the jsdom paths and the Chromium paths.
 */

/** A token as the recovery mail's link carries it (43 base64url characters). */
export const resetToken = 'A'.repeat(43)
/** The link as the mail sends it, and one cut short (the link check's other branch). */
export const resetLinkInputs = [{ token: resetToken }, { token: resetToken.slice(0, 20) }]
export const newPassword = 'a long new passphrase'

export const passwordResetPathEvents: PathEvents<typeof passwordResetMachine> = (snapshot) => {
  if (snapshot.matches('form')) {
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', password: newPassword },
          { type: 'submit', password: 'short' },
        ]
      : [{ type: 'submit', password: newPassword }]
  }
  if (snapshot.matches('submitting')) {
    return [
      {
        type: 'xstate.done.actor.resetPassword',
        output: accepted('Your password has been changed. You can now sign in with it.'),
      },
      // An older server's 200 without success: with its reason (shown), and with none.
      {
        type: 'xstate.done.actor.resetPassword',
        output: offContract({ success: false, error: 'This reset link has expired.' }),
      },
      { type: 'xstate.done.actor.resetPassword', output: offContract({ success: false }) },
      {
        type: 'xstate.error.actor.resetPassword',
        error: refused(
          400,
          'invalid_token',
          'This reset link is invalid, has expired or was already used. Ask for a new recovery email.',
        ),
      },
      { type: 'xstate.error.actor.resetPassword', error: unreachable() },
    ]
  }
  return []
}
