import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Receivable, ReceivablesPage } from '../../../domain/api/api-contract'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const requestId = '00000000-0000-4000-8000-000000000042'

const overdue: Receivable = {
  id: '00000000-0000-4000-8000-000000000001',
  folio: 'PAG-000001',
  request: { id: requestId, number: 'PD-2026-0042' },
  client: { name: 'Ana Núñez', email: 'ana@example.com' },
  amount: 200_000,
  paid: 50_000,
  balance: 150_000,
  state: 'partlyPaid',
  due: { on: 'date', date: '2026-11-01' },
  dueDay: '2026-11-01',
  overdue: true,
  lastPayment: { paidOn: '2026-11-03', method: 'spei' },
}
const waiting: Receivable = {
  ...overdue,
  id: '00000000-0000-4000-8000-000000000002',
  folio: 'PAG-000002',
  paid: 0,
  balance: 200_000,
  state: 'scheduled',
  due: { on: 'status', status: 'delivered' },
  dueDay: null,
  overdue: false,
  lastPayment: null,
}

const page = (items: readonly Receivable[], overdueCount = 1): ReceivablesPage => ({
  success: true,
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  openBalance: items.reduce((sum, item) => sum + item.balance, 0),
  overdueCount,
})

// Empty filters are left out of the query string.
const firstPage = '/api/v1/admin/receivables?page=1'

describe('the Receivables tab', () => {
  it('lists the instalments with their balance, the overdue flagged, the open balance, the CSV link and the count in the tab’s name', async () => {
    network = installFakeNetwork()
    await renderSignedIn('/admin?tab=receivables', testAdmin)
    // The tab's name and the list read the same first page (one read, one query key).
    ;(await network.next(firstPage)).respond(200, page([overdue, waiting]))
    const tabs = screen.getByRole('navigation', { name: 'Inbox lists' })
    await within(tabs).findByRole('link', { name: 'Receivables (1 overdue)' })
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe(
      'Receivables (1 overdue)',
    )
    const table = await screen.findByRole('table', { name: 'Instalments: 2 found' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0] as HTMLElement)
    first.getByText('PAG-000001')
    expect(first.getByRole('link', { name: 'PD-2026-0042' }).getAttribute('href')).toContain(
      `id=${requestId}`,
    )
    first.getByText('Ana Núñez')
    first.getByText('MX$1,500.00')
    first.getByText('Partly paid')
    first.getByText('Overdue')
    const second = within(rows[1] as HTMLElement)
    second.getByText('On delivery')
    second.getByText('Not due yet')
    expect(second.queryByText('Overdue')).toBeNull()
    screen.getByText('Open balance of these instalments: MX$3,500.00. Overdue instalments: 1.')
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /\/api\/v1\/admin\/receivables\.csv$/,
    )
  })

  it('applies its filters through the address and moves focus to the list it asked for; folds on a phone', async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/admin?tab=receivables', testAdmin)
    ;(await network.next(firstPage)).respond(200, page([overdue, waiting]))
    await screen.findByRole('table', { name: 'Instalments: 2 found' })
    const user = userEvent.setup()
    const toggle = screen.getByRole('button', { name: 'Filters' })
    const form = screen.getByRole('form', { name: 'Filter the list' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(form.dataset.open).toBe('true')
    await user.selectOptions(within(form).getByLabelText('State'), 'overdue')
    await user.selectOptions(within(form).getByLabelText('Paid by'), 'spei')
    await user.type(within(form).getByLabelText('Client, folio or request number'), 'núñez')
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(view.router.state.location.search).toMatchObject({
        tab: 'receivables',
        state: 'overdue',
        method: 'spei',
        q: 'núñez',
      }),
    )
    const filtered = await network.next(
      '/api/v1/admin/receivables?state=overdue&method=spei&q=n%C3%BA%C3%B1ez&page=1',
    )
    filtered.respond(200, page([overdue]))
    const table = await screen.findByRole('table', { name: 'Instalments: 1 found' })
    await waitFor(() => expect(document.activeElement).toBe(table))
    // Applied: the form folds again; the button counts the filters.
    expect(screen.getByRole('button', { name: 'Filters (3 active)' })).toBeTruthy()
    // Cleared: the whole list again, focus on it.
    await user.click(screen.getByRole('button', { name: 'Filters (3 active)' }))
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(view.router.state.location.search).toEqual({ tab: 'receivables' }))
    const cleared = await screen.findByRole('table', { name: 'Instalments: 2 found' })
    await waitFor(() => expect(document.activeElement).toBe(cleared))
  })

  it('refuses nothing silently: a failed read offers to try again', async () => {
    network = installFakeNetwork()
    await renderSignedIn('/admin?tab=receivables', testAdmin)
    ;(await network.next(firstPage)).fail()
    await screen.findByText('The list could not be loaded.', undefined, { timeout: 10_000 })
  })
})
