import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { anEnquiry, enquiryListRead } from '../../../tests/doubles/admin-detail-answers'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const second = { ...anEnquiry, id: 'enquiry-2', name: 'Mateo Zúñiga', email: 'mateo@example.com' }

/** The enquiries list showing `anEnquiry` and `second`. */
async function showList() {
  network = installFakeNetwork()
  const view = await renderSignedIn('/admin?tab=enquiries', testAdmin)
  // The list's address carries its filters' query string.
  const list = await vi.waitFor(
    () => {
      const sent = network.seen.find((request) => request.url.includes('/api/v1/admin/enquiries?'))
      if (!sent) throw new Error('the list was not read')
      return sent
    },
    { timeout: 10_000 },
  )
  const read = enquiryListRead([anEnquiry, second])
  list.respond(read.status, read.body)
  const row = (await screen.findByText('Mateo Zúñiga')).closest('tr')
  if (!row) throw new Error('no row')
  return { view, row }
}

describe('a row of the inbox list', () => {
  it('opens its item when clicked anywhere, not only on its date', async () => {
    const { view, row } = await showList()
    const cells = within(row).getAllByRole('cell')
    await userEvent.click(cells.at(-1) as HTMLElement)
    await act(async () => {})
    expect(view.router.state.location.search).toMatchObject({ id: 'enquiry-2' })
  })

  it('keeps one focus stop, its link, which Enter opens', async () => {
    const { view, row } = await showList()
    const links = within(row).getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toContain('id=enquiry-2')
    expect(row.querySelectorAll('[tabindex], button, input')).toHaveLength(0)
    links[0]?.focus()
    await userEvent.keyboard('{Enter}')
    await act(async () => {})
    expect(view.router.state.location.search).toMatchObject({ id: 'enquiry-2' })
  })

  it('leaves a click that ends a text selection alone (an email being copied)', async () => {
    const { view, row } = await showList()
    const email = within(row).getByText('mateo@example.com')
    const selection = window.getSelection()
    selection?.selectAllChildren(email)
    fireEvent.click(email)
    await act(async () => {})
    expect(view.router.state.location.search).not.toHaveProperty('id')
    selection?.removeAllRanges()
  })
})
