import type { Page } from 'playwright-core'
import { endpoints } from '../../domain/api/api-contract'
import { axeViolations } from './axe'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, test } from './signed-in'

// Paying online in a real browser against the real server: a proposal with a 50/50 plan is
// accepted, and the client's request page offers the deposit by card and in cash at OXXO (card
// payments are set up; this instance's Stripe is down, so opening its page answers 503). axe
// finds nothing on the payments in both themes, before and after the refusal, which is said in
// place, in the page's language, with the focus on it.

const texts = {
  'en-US': {
    payments: 'Payments',
    payByCard: 'Pay by card: PAG-',
    darkTheme: 'Dark theme',
    down: 'Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.',
  },
  'es-MX': {
    payments: 'Pagos',
    payByCard: 'Pagar con tarjeta: PAG-',
    darkTheme: 'Tema oscuro',
    down: 'Los pagos con tarjeta no responden en este momento. Inténtalo de nuevo en unos minutos o paga por transferencia SPEI.',
  },
} as const
type Texts = (typeof texts)[keyof typeof texts]

const withId = (path: string, id: string, proposalId = '') =>
  path.replace(':id', id).replace(':proposalId', proposalId)

async function expectAccessibleInBothThemes(page: Page, t: Texts): Promise<void> {
  const toggle = page.locator('.site-header').getByRole('button', { name: t.darkTheme })
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
    await page.waitForSelector(`html[data-theme="${theme}"]`)
    expect(await axeViolations(page), `axe on ${page.url()} (${theme})`).toEqual([])
  }
}

describe.each(['en-US', 'es-MX'] as const)('paying online in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('the client sees both ways to pay the deposit, and Stripe being down said in place', async ({
    client,
    admin,
  }) => {
    const request = await client.api.call('POST', endpoints.createServiceRequest.path, {
      serviceId: 'web-design',
      need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(request.status, request.text).toBe(201)
    const id = (request.body as { request: { id: string } }).request.id
    const created = await admin.api.call('POST', withId(endpoints.createProposal.path, id), {
      title: 'Online shop for the bakery',
      items: [{ description: 'Design and build', quantity: 1, unitPrice: 1_250_000 }],
      scope: 'Design, build and launch.',
      terms: 'Half on acceptance, half on delivery.',
      paymentSchedule: {
        by: 'percent',
        instalments: [
          { percent: 50, due: { on: 'acceptance' } },
          { percent: 50, due: { on: 'status', status: 'delivered' } },
        ],
      },
    })
    expect(created.status, created.text).toBe(201)
    const proposalId = (created.body as { proposal: { id: string } }).proposal.id
    const sent = await admin.api.call(
      'POST',
      withId(endpoints.sendProposal.path, id, proposalId),
      {},
    )
    expect(sent.status, sent.text).toBe(200)
    const accepted = await client.api.call(
      'POST',
      withId(endpoints.acceptProposal.path, id, proposalId),
      { fullName: 'Ana García', accept: true },
    )
    expect(accepted.status, accepted.text).toBe(200)

    const page = client.page
    await page.goto(`/my-services/${id}`)
    await waitForHydration(page)
    const section = page.getByRole('region', { name: t.payments, exact: true })
    const payByCard = section.getByRole('button', { name: new RegExp(`^${t.payByCard}`) }).first()
    await payByCard.waitFor()
    // Two ways per due instalment: the deposit only (the balance is due on delivery).
    expect(await section.locator('.payments-online-actions button').count()).toBe(2)
    await expectAccessibleInBothThemes(page, t)

    await payByCard.click()
    const status = section.locator('.payments-online [role="status"]')
    // The server's Stripe client retries a refused connection before answering 503.
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(t.down)
    await expect
      .poll(() => status.evaluate((element) => element === document.activeElement))
      .toBe(true)
    await expectAccessibleInBothThemes(page, t)
    expect(client.errors.filter((error) => !error.includes('503'))).toEqual([])
  })
})
