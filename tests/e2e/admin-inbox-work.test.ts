import type { Page } from 'playwright-core'
import { axeViolations } from './axe'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, type SignedIn, test } from './signed-in'

// The inbox as a work surface in a real browser against the real server: where focus goes after
// each of its moves (filters applied, a request opened, back to the list), the count of threads
// awaiting a reply on the admin's account button, the filters folded away on a 320 px phone
// with the first request on the first screen, the numbers and flags in the list, and axe in
// both themes.

const brief = {
  serviceId: 'web-design',
  need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
  desiredStart: 'within-1-month',
  budget: '25k-75k',
} as const

/** Sends a service request as `client`; its id and number. */
async function requestService(client: SignedIn): Promise<{ id: string; number: string }> {
  const answer = await client.api.call('POST', '/api/v1/me/service-requests', brief)
  expect(answer.status, answer.text).toBe(201)
  return (answer.body as { request: { id: string; number: string } }).request
}

/** The focused element, described: its tag, its id, and its row link's request. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return element
      ? `${element.tagName.toLowerCase()}#${element.id}${element.getAttribute('data-id') ?? ''}`
      : ''
  })

const caption = (page: Page) => page.locator('.admin-table caption')
const rows = (page: Page) => page.locator('.admin-table tbody tr')

/** Violations as one readable line each. */
const violationsIn = async (page: Page, theme: 'light' | 'dark') => {
  await page.evaluate(
    (wanted) => document.documentElement.setAttribute('data-theme', wanted),
    theme,
  )
  return (await axeViolations(page)).map(
    (violation) =>
      `${theme}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

describe('the inbox as a work surface', () => {
  test('focus goes to the result of each move: the list, the request, its row again', async ({
    admin,
    newAccount,
  }) => {
    const client = await newAccount()
    const { id, number } = await requestService(client)
    const { page } = admin
    await page.goto('/admin')
    await waitForHydration(page)
    await page.locator('#filter-q').fill(number)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await caption(page).getByText('Service requests: 1 found').waitFor()
    // The list (its caption says what was found) has focus.
    await expect.poll(() => focused(page)).toBe('table#')
    expect(await rows(page).first().textContent()).toContain(number)
    // Opening the request: its heading.
    await page.locator(`a.admin-row-link[data-id="${id}"]`).press('Enter')
    await page.waitForURL((url) => url.searchParams.get('id') === id)
    await expect.poll(() => focused(page)).toBe('h2#admin-detail-heading')
    await page.locator('.request-number').getByText(number).waitFor()
    // Back to the list: the row of the request left.
    await page.getByRole('link', { name: 'Back to the list' }).click()
    await page.waitForURL((url) => !url.searchParams.has('id'))
    await expect.poll(() => focused(page)).toBe(`a#${id}`)
    // Clearing the filters: the list again, and no link says it is the page shown.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => url.search === '')
    await expect.poll(() => focused(page)).toBe('table#')
    expect(await page.locator('.admin-inbox [aria-current="page"]').allTextContents()).toEqual([
      'Service requests',
    ])
  })

  test("the admin's account button counts the threads awaiting a reply, live", async ({
    admin,
    newAccount,
  }) => {
    const { page } = admin
    await page.goto('/admin')
    await waitForHydration(page)
    const button = page.locator('.account-menu > button')
    const count = async () =>
      Number((await button.locator('.inbox-badge [aria-hidden="true"]').textContent()) ?? 0)
    // Some count, or none yet: read what the button says before the new message.
    await page.waitForLoadState('networkidle')
    const before = (await button.locator('.inbox-badge').count()) === 0 ? 0 : await count()
    const client = await newAccount()
    const { id } = await requestService(client)
    const sent = await client.api.call('POST', `/api/v1/me/service-requests/${id}/messages`, {
      body: 'Any news about our bakery site?',
    })
    expect(sent.status, sent.text).toBe(201)
    // Without opening the menu: the button shows it, and says it.
    await expect.poll(count).toBe(before + 1)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await button.textContent()).toContain(`(${before + 1} awaiting our reply)`)
    expect(await button.locator('.inbox-badge').isVisible()).toBe(true)
  })

  test('on a 320 px phone the filters fold behind a button that counts them, the first request on the first screen; axe in both themes', async ({
    admin,
    newAccount,
  }) => {
    const client = await newAccount()
    const { number } = await requestService(client)
    const { page } = admin
    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto('/admin')
    await waitForHydration(page)
    await rows(page).first().waitFor()
    const filters = page.getByRole('button', { name: 'Filters', exact: true })
    expect(await filters.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('.admin-filters').isVisible()).toBe(false)
    // The first request's link (its date) is on the first screen, above the bottom bar.
    const firstLink = await rows(page).first().locator('a.admin-row-link').boundingBox()
    const bar = await page.locator('.mobile-bar').boundingBox()
    expect(bar).not.toBeNull()
    expect((firstLink?.y ?? Number.POSITIVE_INFINITY) + (firstLink?.height ?? 0)).toBeLessThan(
      bar?.y ?? 0,
    )
    expect(await violationsIn(page, 'light')).toEqual([])
    expect(await violationsIn(page, 'dark')).toEqual([])
    await filters.click()
    expect(await page.locator('.admin-filters').isVisible()).toBe(true)
    expect(await violationsIn(page, 'light')).toEqual([])
    expect(await violationsIn(page, 'dark')).toEqual([])
    await page.locator('#filter-q').fill(number)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await caption(page).getByText('Service requests: 1 found').waitFor()
    // Folded again over the list, focused; the button counts the one filter.
    const counted = page.getByRole('button', { name: 'Filters (1 active)' })
    await counted.waitFor()
    expect(await counted.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => focused(page)).toBe('table#')
  })

  test('an enquiry sent too fast is listed as likely spam, and filtered', async ({ admin }) => {
    const email = `e2e.fast.${Date.now()}@example.com`
    const sent = await admin.api.call('POST', '/api/v1/contact', {
      name: 'Fast Visitor',
      email,
      phone: '',
      company: '',
      service: '',
      budget: 'not-sure',
      message: 'A message long enough to be stored, sent by a script.',
      consent: true,
      website: '',
      elapsedMs: 100,
    })
    expect(sent.status, sent.text).toBe(201)
    const { page } = admin
    await page.goto(`/admin?tab=enquiries&spam=yes&q=${encodeURIComponent(email)}`)
    await caption(page).getByText('Enquiries: 1 found').waitFor()
    await rows(page).first().getByText('Likely spam').waitFor()
    expect(await violationsIn(page, 'light')).toEqual([])
    expect(await violationsIn(page, 'dark')).toEqual([])
    await page.goto(`/admin?tab=enquiries&spam=no&q=${encodeURIComponent(email)}`)
    await caption(page).getByText('Enquiries: 0 found').waitFor()
  })
})
