import { act, cleanup, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeNetwork } from '../../../../tests/doubles/fake-network'
import { testUser } from '../../../../tests/fixtures/account-user'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'
import { setLanguage } from '../../../i18n/language-preference'

let network = installFakeNetwork()
afterEach(() => {
  cleanup()
  network.restore()
  localStorage.clear()
})

/** What the profile shows next to `label` in "Your details". */
const shownBirthDate = (label: string) => {
  const section = document.getElementById('profile-details-heading')?.closest('section')
  if (!section) throw new Error('No details section')
  return within(section).getByText(label).nextElementSibling?.textContent
}

describe('the date of birth on the profile', () => {
  it('is written as the other dates are, not as its ISO code', async () => {
    network = installFakeNetwork()
    await renderSignedIn('/profile', {
      ...testUser,
      profile: { ...testUser.profile, birthDate: '1990-05-17' },
    })
    await waitFor(() => expect(shownBirthDate('Date of birth')).toBe('May 17, 1990'))

    await act(() => setLanguage('es'))
    await waitFor(() => expect(shownBirthDate('Fecha de nacimiento')).toBe('17 de mayo de 1990'))
  })
})
