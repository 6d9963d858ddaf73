import type { changePasswordMachine } from '../../machines/change-password-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'
import { declinedProof } from './fresh-proof'

/** What the profile's password form submits on its generated paths and what the network answers. */

export const passwordChange = {
  currentPassword: 'lantern orbit mango 42',
  newPassword: 'a brand new passphrase',
}

export const changePasswordPathEvents: PathEvents<typeof changePasswordMachine> = (snapshot) => {
  if (snapshot.matches('form'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', ...passwordChange },
          { type: 'submit', ...passwordChange, newPassword: 'short' },
        ]
      : [{ type: 'submit', ...passwordChange }]
  if (snapshot.matches('wrongPassword')) return [{ type: 'submit', ...passwordChange }]
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.changePassword', output: accepted('Password changed.') },
      {
        type: 'xstate.error.actor.changePassword',
        error: refused(400, 'wrong_password', 'The current password is not correct.', {
          currentPassword: 'The current password is not correct.',
        }),
      },
      // Too many attempts: a failure with the server's text, which the page shows (and "Try
      // again" forgets); no answer at all: the page's own text.
      {
        type: 'xstate.error.actor.changePassword',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.changePassword', error: unreachable() },
      { type: 'xstate.error.actor.changePassword', error: declinedProof },
    ]
  return []
}
