import type { deleteAccountMachine } from '../../machines/delete-account-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, refused, unreachable } from './api-answers'
import { declinedProof } from './fresh-proof'

/** What the account deletion submits on its generated paths and what the network answers. */

export const deletionPassword = 'lantern orbit mango 42'

export const deleteAccountPathEvents: PathEvents<typeof deleteAccountMachine> = (snapshot) => {
  if (snapshot.matches('confirming'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'submit', password: deletionPassword },
          { type: 'submit', password: '' },
        ]
      : [{ type: 'submit', password: deletionPassword }]
  if (snapshot.matches('wrongPassword')) return [{ type: 'submit', password: deletionPassword }]
  if (snapshot.matches('deleting'))
    return [
      { type: 'xstate.done.actor.deleteAccount', output: accepted('Your account was deleted.') },
      {
        type: 'xstate.error.actor.deleteAccount',
        error: refused(400, 'wrong_password', 'The current password is not correct.', {
          password: 'The current password is not correct.',
        }),
      },
      // Too many attempts: a failure with the server's text, which the page shows (and "Try
      // again" forgets); no answer at all: the page's own text.
      {
        type: 'xstate.error.actor.deleteAccount',
        error: refused(429, 'rate_limited', 'Too many requests. Try again later.'),
      },
      { type: 'xstate.error.actor.deleteAccount', error: unreachable() },
      { type: 'xstate.error.actor.deleteAccount', error: declinedProof },
    ]
  return []
}
