import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

/** The tabs that say they are the page shown. */
const currentTabs = () =>
  within(screen.getByRole('navigation', { name: 'Inbox lists' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)

describe('the inbox tabs', () => {
  for (const [path, shown] of [
    ['/admin', 'Service requests'],
    ['/admin?status=new', 'Service requests'],
    ['/admin?tab=enquiries', 'Enquiries'],
    ['/admin?tab=enquiries&handled=false', 'Enquiries'],
    // A page of a list, and an item's detail, are still that list's tab.
    ['/admin?page=2', 'Service requests'],
    ['/admin?tab=enquiries&page=2', 'Enquiries'],
    ['/admin?id=00000000-0000-4000-8000-000000000001', 'Service requests'],
    ['/admin?tab=enquiries&id=00000000-0000-4000-8000-000000000001', 'Enquiries'],
  ] as const) {
    it(`mark only the list shown as current (${path})`, async () => {
      network = installFakeNetwork()
      await renderSignedIn(path, testAdmin)
      expect(currentTabs()).toEqual([shown])
    })
  }
})

describe('the inbox filters', () => {
  for (const path of ['/admin', '/admin?tab=enquiries'] as const)
    it(`never say "Clear filters" is the current page (${path})`, async () => {
      network = installFakeNetwork()
      await renderSignedIn(path, testAdmin)
      const clear = await screen.findByText('Clear filters')
      expect(clear.getAttribute('aria-current')).toBeNull()
      // In the inbox, only the tab of the list shown says it is the current page.
      expect(
        [...document.querySelectorAll('.admin-inbox [aria-current="page"]')].map(
          (link) => link.textContent,
        ),
      ).toEqual([path.includes('enquiries') ? 'Enquiries' : 'Service requests'])
    })
})
