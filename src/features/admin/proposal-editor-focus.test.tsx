import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { detailRead, opening, proposalsRead } from '../../../tests/doubles/proposal-editor-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const detailPath = `/api/v1/admin/service-requests/${adminRequest.id}`

// Opening a request must not pull the page down to its proposal: the proposal's status line
// (empty once loaded) takes focus only after something the agency did in that section.
it.each([
  ['no proposal', opening.none],
  ['a draft', opening.draft],
])('opening a request with %s leaves focus off the proposal', async (_, server) => {
  network = installFakeNetwork()
  await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
  const detail = detailRead(server)
  ;(await network.next(detailPath)).respond(detail.status, detail.body)
  const section = await screen.findByRole('region', { name: 'Proposal' }, { timeout: 10_000 })
  // The editor loads the request and its proposals again (as the paths test answers them).
  ;(await network.next(detailPath)).respond(detail.status, detail.body)
  const list = proposalsRead(server.proposals)
  ;(await network.next(`${detailPath}/proposals`)).respond(list.status, list.body)
  await within(section).findByRole('button', { name: /^(Draft a proposal|Edit the draft)$/ })
  // Effects after the view changed have run by the time the button is shown; one more turn.
  await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(''))
  expect(section.contains(document.activeElement)).toBe(false)
})
