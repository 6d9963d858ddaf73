import type { MeBody } from '../../domain/api/api-contract'
import type { sessionMachine } from '../../machines/session-machine'
import { testUser } from '../fixtures/account-user'
import type { PathEvents } from '../paths/path-plan'
import { accepted, readAs, readRefused, refused, unreachable } from './api-answers'

/** What the session's generated paths get from the network: who is signed in, and signing out. */

/** `/api/v1/me` for the signed-in test user. */
export const meRead = readAs<MeBody>('me', { success: true, user: testUser })
/** `/api/v1/auth/logout`'s success. */
export const signedOutRead = readAs('logout', accepted('You are signed out.'))
/** Any signed-in read once the session has ended elsewhere: here, the sessions list. */
export const sessionEndedRead = readRefused(
  'sessions',
  refused(401, 'unauthenticated', 'Your session has ended. Sign in again.'),
)

const noSession = refused(401, 'unauthenticated', 'Sign in to continue.')

export const sessionPathEvents: PathEvents<typeof sessionMachine> = (snapshot) => {
  if (snapshot.matches('loading'))
    return [
      // The actor resolves with nothing: the body it read is `meRead`.
      { type: 'xstate.done.actor.loadSession', output: undefined },
      { type: 'xstate.error.actor.loadSession', error: noSession },
    ]
  if (snapshot.matches('signingOut'))
    return [
      { type: 'xstate.done.actor.signOut', output: undefined },
      // The server answers a sign-out of an ended session with its success (the `logout ok`
      // read): only a failed network leaves the visitor signed in.
      { type: 'xstate.error.actor.signOut', error: unreachable() },
    ]
  return []
}
