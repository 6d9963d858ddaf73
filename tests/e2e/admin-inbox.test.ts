import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { newApiSession } from './api-session'
import { parseCsv } from './csv'
import { downloadedText } from './downloaded'
import { waitForHydration } from './navigation-helpers'
import { withDatabase } from './running-database'
import { describe, expect, type SignedIn, test } from './signed-in'

// The agency's inbox in a real browser against the real server, no answer faked: the filters
// and the search change the rows and the address, paging there and back, the CSV of the
// filtered list, marking an enquiry handled and not, and a status change that another admin
// made meanwhile (the 409: the new status shown, the admin chooses again).

const brief = {
  need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
  desiredStart: 'within-1-month',
  budget: '25k-75k',
} as const

/** Sends a service request as `client`; its id. */
async function requestService(client: SignedIn, serviceId: string): Promise<string> {
  const answer = await client.api.call('POST', '/api/v1/me/service-requests', {
    ...brief,
    serviceId,
  })
  expect(answer.status, answer.text).toBe(201)
  return (answer.body as { request: { id: string } }).request.id
}

/** The inbox rows on screen. */
const rows = (page: Page) => page.locator('.admin-table tbody tr')
const caption = (page: Page) => page.locator('.admin-table caption')

/** Submits the filter form and waits for the address and the list it asks for. */
async function applyFilters(page: Page, expectedSearch: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await page.waitForURL(expectedSearch)
}

/**
 * 30 enquiries in March 2001, far from anything another test sends: the first ten for
 * e-commerce, the next ten for web design, the last ten for no service; one a day at noon UTC.
 */
async function seedEnquiries(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (let day = 1; day <= 30; day += 1) {
      const service = day <= 10 ? 'e-commerce' : day <= 20 ? 'web-design' : null
      await db.query(
        `INSERT INTO contact_enquiries (name, email, service_id, budget, message, locale, created_at)
         VALUES ($1, $2, $3, '25k-75k', 'We would like an online shop.', 'es', $4)`,
        [
          `Lucía ${tag} ${String(day).padStart(2, '0')}`,
          `lucia.${tag}.${day}@example.com`,
          service,
          `2001-03-${String(day).padStart(2, '0')}T12:00:00Z`,
        ],
      )
    }
  })
}

describe('the admin inbox (en)', () => {
  test('filters and search change the rows and the address; pages 2 and back; the CSV is the filtered list', async ({
    admin,
  }) => {
    const tag = `zq${randomBytes(4).toString('hex')}`
    await seedEnquiries(tag)
    const { page } = admin
    await page.goto('/admin?tab=enquiries')
    await waitForHydration(page)
    await rows(page).first().waitFor()

    // The search: 30 rows over two pages.
    await page.locator('#filter-q').fill(tag)
    await applyFilters(page, new RegExp(`[?&]q=${tag}`))
    await caption(page).getByText('Enquiries: 30 found').waitFor()
    // The rows render ten at a time after the caption (useRenderInSlices): count them once all are in.
    await expect.poll(() => rows(page).count()).toBe(25)
    expect(await page.locator('.admin-paging').textContent()).toContain('Page 1 of 2')
    // Newest first.
    expect(await rows(page).first().textContent()).toContain(`Lucía ${tag} 30`)

    await page.getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL(/[?&]page=2/)
    await page.locator('.admin-paging').getByText('Page 2 of 2').waitFor()
    await expect.poll(() => rows(page).count()).toBe(5)
    expect(await rows(page).last().textContent()).toContain(`Lucía ${tag} 01`)
    await page.getByRole('link', { name: 'Previous page' }).click()
    await page.waitForURL((url) => url.searchParams.get('page') !== '2')
    await page.locator('.admin-paging').getByText('Page 1 of 2').waitFor()
    await expect.poll(() => rows(page).count()).toBe(25)

    // The service filter.
    await page.locator('#filter-service').selectOption('e-commerce')
    await applyFilters(page, /[?&]service=e-commerce/)
    await caption(page).getByText('Enquiries: 10 found').waitFor()
    await expect.poll(() => rows(page).count()).toBe(10)

    // The dates, inclusive days: 5 to 8 March, still e-commerce only.
    await page.locator('#filter-from').fill('2001-03-05')
    await page.locator('#filter-to').fill('2001-03-08')
    await applyFilters(page, /[?&]from=2001-03-05.*[?&]to=2001-03-08|[?&]to=2001-03-08.*from=/)
    await caption(page).getByText('Enquiries: 4 found').waitFor()
    // Rendered text: each cell's heading (shown on a phone's cards) is hidden on a desktop.
    const names = await page.locator('.admin-table tbody td:nth-child(2)').allInnerTexts()
    expect(names.map((cell) => cell.replace(/lucia.*$/, '').trim())).toEqual(
      ['08', '07', '06', '05'].map((day) => `Lucía ${tag} ${day}`),
    )
    expect(new URL(page.url()).searchParams.get('service')).toBe('e-commerce')
    expect(new URL(page.url()).searchParams.get('q')).toBe(tag)

    // The CSV holds the filtered list: the same four, every column.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    const [header, ...records] = parseCsv(await downloadedText(download))
    // In the agency's language (AGENCY_LANGUAGE, Spanish by default), times on its clock.
    expect(header).toEqual([
      'Folio',
      'Creada (America/Mexico_City)',
      'Nombre',
      'Correo electrónico',
      'Teléfono',
      'Empresa',
      'Servicio',
      'Presupuesto',
      'Idioma',
      'Atendida',
      'Posible spam',
      'Mensaje',
    ])
    expect(records.map((record) => record[2])).toEqual(
      ['08', '07', '06', '05'].map((day) => `Lucía ${tag} ${day}`),
    )
    expect(records.every((record) => record[6] === 'Comercio electrónico')).toBe(true)

    // Clearing the filters shows the whole inbox again.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => url.search === '?tab=enquiries')
    expect(await page.locator('#filter-q').inputValue()).toBe('')
  })

  test('the status filter and the search on the service requests', async ({
    admin,
    newAccount,
  }) => {
    const client = await newAccount()
    const reviewed = await requestService(client, 'web-design')
    await requestService(client, 'e-commerce')
    const moved = await admin.api.call(
      'POST',
      `/api/v1/admin/service-requests/${reviewed}/status`,
      {
        to: 'inReview',
        note: '',
      },
    )
    expect(moved.status, moved.text).toBe(200)

    const { page } = admin
    await page.goto('/admin')
    await waitForHydration(page)
    await page.locator('#filter-q').fill(client.email)
    await applyFilters(page, /[?&]q=/)
    await caption(page).getByText('Service requests: 2 found').waitFor()
    await page.locator('#filter-status').selectOption('inReview')
    await applyFilters(page, /[?&]status=inReview/)
    await caption(page).getByText('Service requests: 1 found').waitFor()
    expect(await rows(page).first().textContent()).toContain('In review')
    // On a 1366 px screen the list is a pane beside the open request's (the split view:
    // admin-split-view.test.ts), still a table with its caption.
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.locator('.admin-split-list .admin-table caption').waitFor()
    const table = await page.locator('.admin-table').boundingBox()
    const detail = await page.locator('.admin-split-detail').boundingBox()
    expect(table?.x ?? Number.POSITIVE_INFINITY).toBeLessThan(detail?.x ?? 0)
    // Any cell of a row opens it (the row's link is its one focus stop).
    await rows(page).first().locator('td').last().click()
    await page.waitForURL((url) => url.searchParams.get('id') === reviewed)
    await page.getByRole('heading', { level: 2, name: /request from/ }).waitFor()
    await page.goBack()
    await caption(page).getByText('Service requests: 1 found').waitFor()
    await page.locator('#filter-status').selectOption('declined')
    await applyFilters(page, /[?&]status=declined/)
    await caption(page).getByText('Service requests: 0 found').waitFor()
    await page.getByText('No service requests match these filters.').waitFor()
    // The address is the state: a reload shows the same filtered list.
    await page.reload()
    await caption(page).getByText('Service requests: 0 found').waitFor()
    expect(await page.locator('#filter-status').inputValue()).toBe('declined')
  })

  test("the menu's Inbox count and the list follow one stream of the inbox's events", async ({
    admin,
  }) => {
    const { page } = admin
    // Counts the page's EventSource connections by address.
    await page.addInitScript(() => {
      const Native = window.EventSource
      const opened: string[] = []
      Object.assign(window, { openedStreams: opened })
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init)
          opened.push(String(url))
        }
      }
    })
    const summaryRead = page.waitForRequest((request) =>
      request.url().endsWith('/api/v1/admin/inbox-summary'),
    )
    await page.goto('/admin')
    await caption(page)
      .getByText(/Service requests: \d+ found/)
      .waitFor()
    // The count's component reads the summary and opens its stream in the same effect.
    await summaryRead
    const opened = await page.evaluate(
      () => (window as unknown as { openedStreams: string[] }).openedStreams,
    )
    expect(opened.filter((url) => url.endsWith('/api/v1/admin/events'))).toHaveLength(1)
  })
})

const texts = {
  'en-US': {
    markHandled: 'Mark as handled',
    markNotHandled: 'Mark as not handled',
    notYet: 'Not yet',
    changeStatus: 'Change status',
    saveStatus: 'Save status',
    inReview: 'In review',
    declined: 'Declined',
    conflict: 'This request changed meanwhile: it is now In review. Please choose again.',
    done: 'The status is now Declined. The client has been notified by email.',
  },
  'es-MX': {
    markHandled: 'Marcar como atendida',
    markNotHandled: 'Marcar como no atendida',
    notYet: 'Todavía no',
    changeStatus: 'Cambiar estado',
    saveStatus: 'Guardar estado',
    inReview: 'En revisión',
    declined: 'Rechazada',
    conflict:
      'Esta solicitud cambió mientras tanto: ahora su estado es En revisión. Elige de nuevo.',
    done: 'El estado ahora es Rechazada. Le avisamos al cliente por correo.',
  },
} as const

describe.each(['en-US', 'es-MX'] as const)('the admin inbox in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('marks an enquiry handled, then not handled', async ({ admin }) => {
    const visitor = await newApiSession({ locale })
    const email = `e2e.handled.${Date.now()}@example.com`
    const sent = await visitor.call('POST', '/api/v1/contact', {
      name: 'Lucía Hernández',
      email,
      phone: '',
      company: '',
      service: 'e-commerce',
      budget: '25k-75k',
      message: 'We sell coffee in Puebla and would like an online shop.',
      consent: true,
      website: '',
      elapsedMs: 10_000,
    })
    expect(sent.status, sent.text).toBe(201)
    await visitor.close()
    const { page } = admin
    const list = await admin.api.call(
      'GET',
      `/api/v1/admin/enquiries?q=${encodeURIComponent(email)}`,
    )
    const id = (list.body as { items: { id: string }[] }).items[0]?.id
    expect(id).toBeTruthy()

    await page.goto(`/admin?tab=enquiries&id=${id}`)
    await waitForHydration(page)
    const detail = page.locator('.admin-detail')
    await detail.getByRole('button', { name: t.markHandled }).click()
    await detail.getByRole('button', { name: t.markNotHandled }).waitFor()
    expect(await detail.locator('dd time').count()).toBe(2)
    const handled = await admin.api.call('GET', `/api/v1/admin/enquiries/${id}`)
    expect((handled.body as { enquiry: { handledAt: string | null } }).enquiry.handledAt).not.toBe(
      null,
    )
    // The list's handled filter agrees.
    await page.goto(`/admin?tab=enquiries&handled=yes&q=${encodeURIComponent(email)}`)
    await rows(page).first().getByText(email).waitFor()

    await page.goto(`/admin?tab=enquiries&id=${id}`)
    await detail.getByRole('button', { name: t.markNotHandled }).click()
    await detail.getByRole('button', { name: t.markHandled }).waitFor()
    await detail.getByText(t.notYet, { exact: true }).waitFor()
    const open = await admin.api.call('GET', `/api/v1/admin/enquiries/${id}`)
    expect((open.body as { enquiry: { handledAt: string | null } }).enquiry.handledAt).toBe(null)
    expect(admin.errors).toEqual([])
  })

  test('a status another admin changed meanwhile: the 409 shows the new status and lets the admin choose again', async ({
    admin,
    newAccount,
  }) => {
    const client = await newAccount()
    const otherAdmin = await newAccount({ role: 'admin' })
    const id = await requestService(client, 'web-design')
    const { page } = admin
    await page.goto(`/admin?id=${id}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: t.changeStatus }).click()
    await page.getByRole('radio', { name: t.inReview }).check()

    // Meanwhile, another admin moves it to review.
    const meanwhile = await otherAdmin.api.call(
      'POST',
      `/api/v1/admin/service-requests/${id}/status`,
      { to: 'inReview', note: '' },
    )
    expect(meanwhile.status, meanwhile.text).toBe(200)

    await page.getByRole('button', { name: t.saveStatus }).click()
    await page.getByText(t.conflict).waitFor()
    await page.getByRole('button', { name: t.changeStatus }).click()
    // Offered now: what "In review" allows, not what "Received" did ("Proposal sent" is never
    // picked by hand: only sending a proposal moves a request there).
    expect(await page.getByRole('radio', { name: t.inReview }).count()).toBe(0)
    await page.getByRole('radio', { name: t.declined }).check()
    await page.getByRole('button', { name: t.saveStatus }).click()
    await page.getByText(t.done).waitFor()
    const now = await admin.api.call('GET', `/api/v1/admin/service-requests/${id}`)
    expect((now.body as { request: { status: string } }).request.status).toBe('declined')
    expect(
      admin.errors.filter((error) => !/status of 409/.test(error)),
      'only the 409 provoked on purpose',
    ).toEqual([])
  })
})
