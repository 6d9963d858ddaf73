import type { Locator, Page } from 'playwright-core'
import { threadLimits } from '../../domain/requests/thread-limits'
import { axeViolations } from './axe'
import { waitForHydration } from './navigation-helpers'
import { withDatabase } from './running-database'
import { describe, expect, type SignedIn, test } from './signed-in'

// A thread longer than a page, in a real browser against the real server: the newest 50 show,
// "Load older messages" adds the rest above (each message once, the place kept), then says the
// conversation starts there. axe finds nothing with the button and with the notice, in both
// themes.

const texts = {
  'en-US': {
    older: 'Load older messages',
    start: 'This is the start of the conversation.',
    darkTheme: 'Dark theme',
  },
  'es-MX': {
    older: 'Cargar mensajes anteriores',
    start: 'Este es el comienzo de la conversación.',
    darkTheme: 'Tema oscuro',
  },
} as const
type Texts = (typeof texts)[keyof typeof texts]

const thread = (page: Page): Locator => page.locator('.workspace-thread')

async function expectAccessibleInBothThemes(page: Page, t: Texts): Promise<void> {
  const toggle = page.locator('.site-header').getByRole('button', { name: t.darkTheme })
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
    await page.waitForSelector(`html[data-theme="${theme}"]`)
    expect(await axeViolations(page), `axe on ${page.url()} (${theme})`).toEqual([])
  }
}

/** A request of `client` whose thread holds `count` messages of theirs, numbered in order. */
async function longThread(client: SignedIn, count: number): Promise<string> {
  const created = await client.api.call('POST', '/api/v1/me/service-requests', {
    serviceId: 'web-design',
    need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
    desiredStart: 'within-1-month',
    budget: '25k-75k',
  })
  expect(created.status, created.text).toBe(201)
  const id = (created.body as { request: { id: string } }).request.id
  await withDatabase((db) =>
    db.query(
      `INSERT INTO thread_messages (request_id, author_id, side, body, created_at)
       SELECT id, user_id, 'client', 'Message number ' || n,
              now() - interval '1 day' + n * interval '1 minute'
       FROM service_requests, generate_series(1, $2::int) AS n WHERE id = $1`,
      [id, count],
    ),
  )
  return id
}

describe.each(['en-US', 'es-MX'] as const)('a long thread in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('shows the newest page, then the older one on request, each message once', async ({
    client,
  }) => {
    const total = threadLimits.pageSize + 7
    const id = await longThread(client, total)
    const { page } = client
    await page.goto(`/my-services/${id}`)
    await waitForHydration(page)
    const items = thread(page).locator('.thread > li')
    await expect.poll(() => items.count()).toBe(threadLimits.pageSize)
    expect(await items.first().textContent()).toContain('Message number 8')
    const button = thread(page).getByRole('button', { name: t.older })
    await button.waitFor()
    await expectAccessibleInBothThemes(page, t)

    await button.click()
    await thread(page).getByText(t.start).waitFor()
    expect(await items.count()).toBe(total)
    const bodies = await thread(page).locator('.thread-text').allTextContents()
    expect(bodies[0]).toBe('Message number 1')
    expect(new Set(bodies).size).toBe(total)
    expect(await button.count()).toBe(0)
    await expectAccessibleInBothThemes(page, t)
    expect(client.errors).toEqual([])
  })
})
