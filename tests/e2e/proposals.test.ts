import type { Locator, Page } from 'playwright-core'
import { axeViolations } from './axe'
import { downloadedBytes } from './downloaded'
import { waitForMail } from './mail-box'
import { waitForHydration } from './navigation-helpers'
import { requestService } from './requested-service'
import { describe, expect, test } from './signed-in'

// Proposals in a real browser against the real server and SMTP catcher, in each language: the
// agency drafts a proposal in the inbox and sends it; the client is mailed a link, reads the
// proposal with amounts in their language, downloads its PDF and declines with a reason; the
// agency revises it into version 2 and sends that; the client accepts it with their name, and
// the request is "In progress" on both sides. axe finds nothing on either view in both themes,
// and the client's page does not scroll sideways at 320 px.

const texts = {
  'en-US': {
    proposal: 'Proposal',
    ours: 'Our proposal',
    draft: 'Draft a proposal',
    revise: 'Revise (new version)',
    save: 'Save the draft',
    send: 'Send to the client',
    yesSend: 'Yes, send it',
    accept: 'Accept this proposal',
    acceptSubmit: 'Accept and start the work',
    decline: 'Decline',
    declineSubmit: 'Decline the proposal',
    reason: 'Why are you declining? (optional)',
    fullName: 'Your full name',
    tick: 'I accept this proposal',
    pdf: /^Download the proposal \(PDF, v1\)$/,
    total: 'MX$14,500.00',
    revisedTotal: 'MX$17,400.00',
    inProgress: 'In progress',
    inReview: 'In review',
    darkTheme: 'Dark theme',
    mailSubject: /proposal/i,
    acceptedBy: /^Accepted by Ana García on /,
    youAccepted: /: you accepted the proposal\.$/,
  },
  'es-MX': {
    proposal: 'Propuesta',
    ours: 'Nuestra propuesta',
    draft: 'Redactar una propuesta',
    revise: 'Revisar (nueva versión)',
    save: 'Guardar el borrador',
    send: 'Enviar al cliente',
    yesSend: 'Sí, enviarla',
    accept: 'Aceptar esta propuesta',
    acceptSubmit: 'Aceptar y empezar el trabajo',
    decline: 'Rechazar',
    declineSubmit: 'Rechazar la propuesta',
    reason: '¿Por qué la rechazas? (opcional)',
    fullName: 'Tu nombre completo',
    tick: 'Acepto esta propuesta',
    pdf: /^Descargar la propuesta \(PDF, v1\)$/,
    total: '$14,500.00',
    revisedTotal: '$17,400.00',
    inProgress: 'En curso',
    inReview: 'En revisión',
    darkTheme: 'Tema oscuro',
    mailSubject: /propuesta/i,
    acceptedBy: /^Aceptada por Ana García el /,
    youAccepted: /: aceptaste la propuesta\.$/,
  },
} as const
type Texts = (typeof texts)[keyof typeof texts]

async function expectAccessibleInBothThemes(page: Page, t: Texts): Promise<void> {
  const toggle = page.locator('.site-header').getByRole('button', { name: t.darkTheme })
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
    await page.waitForSelector(`html[data-theme="${theme}"]`)
    expect(await axeViolations(page), `axe on ${page.url()} (${theme})`).toEqual([])
  }
}

const editor = (page: Page): Locator => page.getByRole('region', { name: /^(Proposal|Propuesta)$/ })
const answerView = (page: Page, t: Texts): Locator => page.getByRole('region', { name: t.ours })

/** Types the draft's fields (the rows given), then saves it. */
async function fillDraft(
  section: Locator,
  rows: readonly { description: string; quantity: string; unitPrice: string }[],
  discount: string,
) {
  const form = section.getByRole('form')
  await form.locator('[name="title"]').fill('Online shop for the bakery')
  for (const [index, row] of rows.entries()) {
    const item = form.locator('.proposal-editor-item').nth(index)
    if ((await item.count()) === 0) {
      await form.locator('.proposal-add-item').click()
    }
    await item.locator('input').nth(0).fill(row.description)
    await item.locator('input').nth(1).fill(row.quantity)
    await item.locator('input').nth(2).fill(row.unitPrice)
  }
  await form.locator('[name="discount"]').fill(discount)
  await form.locator('[name="scope"]').fill('Design, build and launch; año 2027 – diseño.')
  await form.locator('[name="terms"]').fill('Half on acceptance, half on delivery.')
}

describe.each(['en-US', 'es-MX'] as const)('proposals in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('the agency drafts and sends, the client declines, the agency revises, the client accepts', async ({
    client,
    admin,
  }) => {
    const id = await requestService(client)
    const inbox = admin.page
    await inbox.goto(`/admin?id=${id}`)
    await waitForHydration(inbox)

    // Version 1: one item of 12,500.00, no discount.
    await editor(inbox).getByRole('button', { name: t.draft }).click()
    await fillDraft(
      editor(inbox),
      [{ description: 'Design and build', quantity: '1', unitPrice: '12,500.00' }],
      '',
    )
    await editor(inbox).getByRole('button', { name: t.save }).click()
    await editor(inbox).getByText(t.total, { exact: true }).waitFor()
    await expectAccessibleInBothThemes(inbox, t)
    await editor(inbox).getByRole('button', { name: t.send }).click()
    await editor(inbox).getByRole('button', { name: t.yesSend }).click()
    await editor(inbox).getByRole('button', { name: t.revise }).waitFor()

    // The client is mailed a link to the proposal on the request's page.
    const mail = await waitForMail(client.email, 30_000, (m) => t.mailSubject.test(m.subject))
    const link = /https?:\/\/\S+\/my-services\/[\w-]+#proposal-heading/.exec(mail.text)?.[0]
    expect(link, mail.text).toContain(`/my-services/${id}#proposal-heading`)
    const { page } = client
    const linked = new URL(link ?? '')
    await page.goto(`${linked.pathname}${linked.hash}`)
    await waitForHydration(page)
    const view = answerView(page, t)
    await view.getByText(t.total, { exact: true }).first().waitFor()
    // It opens on the proposal: its heading has the focus, at the top of the screen.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('proposal-heading')
    const heading = await page.locator('#proposal-heading').boundingBox()
    expect(heading?.y ?? -1).toBeGreaterThanOrEqual(0)
    expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(page.viewportSize()?.height ?? 0)
    await expectAccessibleInBothThemes(page, t)

    // The PDF downloads.
    const download = page.waitForEvent('download')
    await view.getByRole('link', { name: t.pdf }).click()
    const saved = await downloadedBytes(await download)
    expect(saved.subarray(0, 5).toString()).toBe('%PDF-')

    // Declines with a reason: the request goes back to "In review".
    await view.getByRole('button', { name: t.decline, exact: true }).click()
    await view.getByLabel(t.reason).fill('Too expensive for us this year.')
    await view.getByRole('button', { name: t.declineSubmit }).click()
    await page.locator('.status-badge', { hasText: t.inReview }).waitFor()

    // The agency revises: version 2 with a second item and a discount, sent again.
    await inbox.reload()
    await waitForHydration(inbox)
    await editor(inbox).getByRole('button', { name: t.revise }).click()
    await fillDraft(
      editor(inbox),
      [
        { description: 'Design and build', quantity: '1', unitPrice: '12,500.00' },
        { description: 'Delivery zones', quantity: '2', unitPrice: '1,500.00' },
      ],
      '500',
    )
    await editor(inbox).getByRole('button', { name: t.save }).click()
    await editor(inbox).getByText(t.revisedTotal, { exact: true }).waitFor()
    await editor(inbox).getByRole('button', { name: t.send }).click()
    await editor(inbox).getByRole('button', { name: t.yesSend }).click()
    await editor(inbox).getByRole('button', { name: t.revise }).waitFor()

    // The client accepts version 2 with their name: "In progress", and the record shows.
    await page.reload()
    await waitForHydration(page)
    await view.getByText(t.revisedTotal, { exact: true }).first().waitFor()
    await view.getByRole('button', { name: t.accept }).click()
    await view.getByLabel(t.fullName).fill('Ana García')
    await view.getByLabel(t.tick).check()
    await view.getByRole('button', { name: t.acceptSubmit }).click()
    await view.getByText(t.acceptedBy).waitFor()
    await page.locator('.status-badge', { hasText: t.inProgress }).waitFor()
    // The history tells the acceptance as the client's answer, not as a status they picked.
    await page.locator('.request-history li', { hasText: t.youAccepted }).waitFor()
    await expectAccessibleInBothThemes(page, t)

    // At 320 px nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)

    // The agency sees it in progress too.
    await inbox.reload()
    await waitForHydration(inbox)
    await inbox.locator('.admin-detail .status-badge', { hasText: t.inProgress }).waitFor()
    // …and who accepted it and when, as the client sees it.
    await editor(inbox).getByText(t.acceptedBy).waitFor()
    expect(client.errors).toEqual([])
    expect(admin.errors).toEqual([])
  })
})
