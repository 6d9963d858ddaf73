import type { Page } from 'playwright-core'
import { waitForHydration } from './navigation-helpers'
import { brief, requestService } from './requested-service'
import { describe, expect, test } from './signed-in'

// A client's own requests in a real browser against the real server, in each language: a
// withdrawal with a note (the agency's list shows it withdrawn, the note in its history), a
// withdrawal refused because another tab already withdrew it, and a new request past the
// hourly limit (the server's 429, shown as its message).

const texts = {
  'en-US': {
    servicePath: '/services/web-design',
    withdraw: 'Withdraw this request',
    why: 'Tell us why (optional)',
    confirm: 'Withdraw request',
    withdrawnNow: 'Your request has been withdrawn.',
    refused: 'This request can no longer be withdrawn: its status has changed.',
    withdrawn: 'Withdrawn',
    whatYouNeed: 'What you need',
    whenToStart: 'When would you like to start?',
    budget: 'Budget',
    sendRequest: 'Send request',
    notSent: 'Your request could not be sent.',
    tooMany: /^Too many attempts\. Please try again in \d+ seconds\.$/,
  },
  'es-MX': {
    servicePath: '/servicios/diseno-web',
    withdraw: 'Retirar esta solicitud',
    why: 'Cuéntanos por qué (opcional)',
    confirm: 'Retirar solicitud',
    withdrawnNow: 'Tu solicitud fue retirada.',
    refused: 'Esta solicitud ya no se puede retirar: su estado cambió.',
    withdrawn: 'Retirada',
    whatYouNeed: 'Qué necesitas',
    whenToStart: '¿Cuándo te gustaría empezar?',
    budget: 'Presupuesto',
    sendRequest: 'Enviar solicitud',
    notSent: 'No se pudo enviar tu solicitud.',
    tooMany: /^Demasiados intentos\. Vuelve a intentarlo en \d+ segundos\.$/,
  },
} as const

const card = (page: Page) => page.locator('.request-card').first()

/** The refusals provoked on purpose (the 409 and the 429). */
const unexpected = (errors: readonly string[]) =>
  errors.filter((error) => !/status of (409|429)/.test(error))

describe.each(['en-US', 'es-MX'] as const)('a client’s requests in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('withdraws a request with a note; the agency’s list shows it withdrawn', async ({
    client,
    admin,
  }) => {
    const id = await requestService(client)
    const note = `We found a local studio (${locale}).`
    const { page } = client
    await page.goto('/my-services')
    await waitForHydration(page)
    await card(page).getByRole('button', { name: t.withdraw }).click()
    await card(page).getByLabel(t.why).fill(note)
    await card(page).getByRole('button', { name: t.confirm }).click()
    await card(page).getByText(t.withdrawnNow).waitFor()
    await expect.poll(() => card(page).locator('.status-badge').textContent()).toBe(t.withdrawn)
    expect(await card(page).getByRole('button', { name: t.withdraw }).count()).toBe(0)

    // The agency sees it withdrawn, with the client's note.
    await admin.page.goto(`/admin?q=${encodeURIComponent(client.email)}`)
    await waitForHydration(admin.page)
    const row = admin.page.locator('.admin-table tbody tr', { hasText: client.email })
    await row.getByText(t.withdrawn, { exact: true }).waitFor()
    await admin.page.goto(`/admin?id=${id}`)
    await admin.page.locator('.admin-detail').getByText(note).waitFor()
    expect(unexpected(client.errors)).toEqual([])
  })

  test('a withdrawal another tab already made is refused with its message', async ({ client }) => {
    const id = await requestService(client)
    const { page } = client
    await page.goto('/my-services')
    await waitForHydration(page)
    await card(page).getByRole('button', { name: t.withdraw }).click()
    // Another tab of the same session withdraws it first.
    const first = await client.api.call('POST', `/api/v1/me/service-requests/${id}/withdraw`, {})
    expect(first.status, first.text).toBe(200)

    await card(page).getByRole('button', { name: t.confirm }).click()
    await card(page).getByText(t.refused).waitFor()
    // The card shows the request as it is now.
    await expect.poll(() => card(page).locator('.status-badge').textContent()).toBe(t.withdrawn)
    expect(unexpected(client.errors)).toEqual([])
  })

  test('a request past the hourly limit shows the server’s 429 message', async ({ client }) => {
    // The per-account budget: ten an hour.
    for (let sent = 0; sent < 10; sent += 1) await requestService(client)
    const { page } = client
    await page.goto(`${t.servicePath}?brief=open`)
    await waitForHydration(page)
    await page.getByLabel(t.whatYouNeed).fill(brief.need)
    await page.getByLabel(t.whenToStart).selectOption(brief.desiredStart)
    await page.getByLabel(t.budget).selectOption(brief.budget)
    await page.getByRole('button', { name: t.sendRequest }).click()
    const outcome = page.locator('.request-outcome-bad')
    await outcome.getByRole('heading', { name: t.notSent }).waitFor()
    expect((await outcome.locator('p').first().textContent())?.trim()).toMatch(t.tooMany)
    const mine = await client.api.call('GET', '/api/v1/me/service-requests')
    expect((mine.body as { requests: unknown[] }).requests).toHaveLength(10)
    expect(unexpected(client.errors)).toEqual([])
  })
})
