import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import { answerFactors } from '../../../../../tests/doubles/fresh-proof'
import { allFactors, proofRead } from '../../../../../tests/doubles/step-up-answers'
import { testAdmin } from '../../../../../tests/fixtures/account-user'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const dialog = () => screen.getByRole('dialog', { name: 'Confirm it’s you' })

/**
 * The inbox sent an admin whose session proved no factor to `/profile?setup=admin`: with a
 * factor on the account, the notice asks for a proof by it (never the password) and opens the
 * inbox once given. Adding a factor proves nothing of the session, so this is the way back.
 */
describe('the inbox’s notice on the profile', () => {
  async function notice() {
    network = installFakeNetwork()
    const user = userEvent.setup()
    const view = await renderSignedIn('/profile?setup=admin', testAdmin)
    await answerFactors(network, allFactors)
    await screen.findByText(/The inbox needs this session to have used a passkey/)
    await user.click(screen.getByRole('button', { name: 'Confirm and open the inbox' }))
    ;(await network.next('/api/v1/me/factors')).respond(200, allFactors)
    await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    return { user, view }
  }

  it('asks for a code or the passkey, not the password, then opens the inbox', async () => {
    const { user, view } = await notice()
    expect(within(dialog()).queryByLabelText('Password')).toBeNull()
    expect(within(dialog()).queryByRole('button', { name: 'Use your password instead' })).toBeNull()
    expect(within(dialog()).getByRole('button', { name: 'Use a passkey' })).toBeTruthy()
    await user.type(
      within(dialog()).getByLabelText('Code from your authenticator app, or a recovery code'),
      '123 456',
    )
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    const proof = await network.next('/api/v1/me/reauthenticate')
    expect(proof.body).toEqual({ code: '123456' })
    proof.respond(proofRead.status, proofRead.body)
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin'))
  })

  it('stays on the profile when the dialog is closed', async () => {
    const { user, view } = await notice()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(view.router.state.location.pathname).toBe('/profile')
    expect(screen.getByRole('button', { name: 'Confirm and open the inbox' })).toBeTruthy()
  })
})
