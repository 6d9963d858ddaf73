import type { MeBody } from '../../domain/api/api-contract'
import type { profileMachine } from '../../machines/profile-machine'
import { testUser } from '../fixtures/account-user'
import type { PathEvents } from '../paths/path-plan'
import { refused, unreachable } from './api-answers'

/** What the profile's details form saves on its generated paths and what the network answers. */

/** Moved to Oaxaca: the city and the state (its ISO 3166-2:MX code). */
export const movedProfile = { ...testUser.profile, city: 'Oaxaca de Juárez', state: 'OAX' }
export const savedProfileBody: MeBody = {
  success: true,
  user: { ...testUser, profile: movedProfile },
}

/** The server's own refusal of a postal code (the schema the page checks with lets few through). */
const postalCodeRefusal = refused(400, 'invalid_fields', 'Please check the highlighted fields.', {
  postalCode: 'Enter a valid postal code (letters, digits, spaces or hyphens).',
})

export const profilePathEvents: PathEvents<typeof profileMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return snapshot.context.refusedSubmissions === 0
      ? [
          { type: 'save', values: movedProfile },
          // An address in Mexico without its state: refused on the state field.
          { type: 'save', values: { ...movedProfile, state: '' } },
        ]
      : [{ type: 'save', values: movedProfile }]
  if (snapshot.matches('saving'))
    return [
      { type: 'xstate.done.actor.updateProfile', output: savedProfileBody },
      { type: 'xstate.error.actor.updateProfile', error: postalCodeRefusal },
      { type: 'xstate.error.actor.updateProfile', error: unreachable() },
    ]
  return []
}
