import type { RevokedBody, SessionsBody } from '../../domain/api/api-contract'
import type { sessionActionsMachine } from '../../machines/session-actions-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, readAs, unreachable } from './api-answers'

/** The profile's sessions list on its generated paths: what it reads and what its actions get. */

/** The other device, the one the paths sign out. */
export const phoneSession = { id: 'session-phone', device: 'Safari on iOS' }

/** The list as `/api/v1/me/sessions` answers it: this browser's session and the phone's. */
export const sessionsRead = readAs<SessionsBody>('sessions', {
  success: true,
  sessions: [
    {
      id: 'session-here',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-23T08:00:00.000Z',
      device: 'Chrome on Linux',
      current: true,
      signInMethod: 'password',
    },
    {
      id: phoneSession.id,
      createdAt: '2026-11-21T10:00:00.000Z',
      lastSeenAt: '2026-11-22T08:00:00.000Z',
      device: phoneSession.device,
      current: false,
      signInMethod: 'passkey',
    },
  ],
})

const revoked: RevokedBody = { ...accepted('Signed out everywhere else.'), ended: 1 }

export const sessionActionsPathEvents: PathEvents<typeof sessionActionsMachine> = (snapshot) => {
  if (snapshot.matches('endingOne'))
    return [
      { type: 'xstate.done.actor.endSession', output: accepted('Signed out.') },
      { type: 'xstate.error.actor.endSession', error: unreachable() },
    ]
  if (snapshot.matches('endingOthers'))
    return [
      { type: 'xstate.done.actor.revokeOtherSessions', output: revoked },
      { type: 'xstate.error.actor.revokeOtherSessions', error: unreachable() },
    ]
  return [{ type: 'endOne', ...phoneSession }, { type: 'endOthers' }]
}
