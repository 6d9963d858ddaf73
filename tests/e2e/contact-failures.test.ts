import type { Page, Request } from 'playwright-core'
import { minimumFillMs } from '../../domain/leads/contact-schema'
import { newApiSession } from './api-session'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, test } from './signed-in'

// The contact form's failures in a real browser against the real server, in each language:
// the server's per-field 400 shown at its field, the 429 of the per-email limit, and a
// network failure, each keeping what was typed. The form's fill time is measured by the page:
// the page's clock is moved past the minimum rather than waited for.

const texts = {
  'en-US': {
    send: 'Send message',
    correct: 'Please check the highlighted fields.',
    invalidEmail: 'Enter a valid email address, like name@example.com.',
    limited: 'You have sent several messages in a short time.',
    tooMany: /^Too many attempts\. Please try again in \d+ seconds\.$/,
    failed: 'Your message could not be sent.',
    tryAgain: 'Try again',
  },
  'es-MX': {
    send: 'Enviar mensaje',
    correct: 'Revisa los campos marcados.',
    invalidEmail: 'Ingresa un correo electrónico válido, como nombre@ejemplo.com.',
    limited: 'Enviaste varios mensajes en poco tiempo.',
    tooMany: /^Demasiados intentos\. Vuelve a intentarlo en \d+ segundos\.$/,
    failed: 'No se pudo enviar tu mensaje.',
    tryAgain: 'Intentar de nuevo',
  },
} as const

const message = 'We sell coffee in Puebla and would like an online shop.'

/** The contact page with the page's clock under the test's control (time still flows). */
async function contactPage(page: Page): Promise<void> {
  await page.clock.install()
  await page.goto('/contact')
  await waitForHydration(page, '.contact-form button[type="submit"]')
}

async function fill(page: Page, email: string): Promise<void> {
  await page.locator('#contact-name').fill('Lucía Hernández')
  await page.locator('#contact-email').fill(email)
  await page.locator('#contact-budget').selectOption('25k-75k')
  await page.locator('#contact-message').fill(message)
  await page.locator('#contact-consent').check()
  // A person takes longer than the minimum fill time; a faster form is dropped as spam.
  await page.clock.fastForward(minimumFillMs + 100)
}

async function expectKept(page: Page, email: string): Promise<void> {
  expect(await page.locator('#contact-name').inputValue()).toBe('Lucía Hernández')
  expect(await page.locator('#contact-email').inputValue()).toBe(email)
  expect(await page.locator('#contact-message').inputValue()).toBe(message)
  expect(await page.locator('#contact-budget').inputValue()).toBe('25k-75k')
}

describe.each(['en-US', 'es-MX'] as const)('the contact form’s failures in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('the server’s per-field 400 is shown at its field, the values kept', async ({ visit }) => {
    const { page, errors } = await visit(null)
    await contactPage(page)
    const email = `e2e.contact.fields.${Date.now()}@example.com`
    await fill(page, email)
    // The page checks the fields with the server's own schema, so only a page older than the
    // server's rules sends what the server refuses: the request leaves with an address a stale
    // page would have let through; the real server answers it.
    await page.route('**/api/v1/contact', (route) =>
      route.continue({
        postData: JSON.stringify({
          ...(route.request().postDataJSON() as object),
          email: 'lucia@@example',
        }),
      }),
    )
    const answered = page.waitForResponse('**/api/v1/contact')
    await page.getByRole('button', { name: t.send }).click()
    expect((await answered).status()).toBe(400)
    await page.getByRole('alert').filter({ hasText: t.correct }).waitFor()
    expect(await page.locator('#contact-email-error').textContent()).toBe(t.invalidEmail)
    // Focus moves in the effect after the render that shows the alert.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-email')
    await expectKept(page, email)
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
  })

  test('the 429 of too many messages from one email address, the values kept', async ({
    visit,
  }) => {
    const email = `e2e.contact.limited.${Date.now()}@example.com`
    // The email address's budget (three an hour) spent from another device.
    const other = await newApiSession({ locale, address: `10.254.${Date.now() % 250}.7` })
    for (let sent = 0; sent < 3; sent += 1) {
      const answer = await other.call('POST', '/api/v1/contact', {
        name: 'Lucía Hernández',
        email,
        budget: '25k-75k',
        message,
        consent: true,
        elapsedMs: 10_000,
      })
      expect(answer.status, answer.text).toBe(201)
    }
    await other.close()
    const { page, errors } = await visit(null)
    await contactPage(page)
    await fill(page, email)
    await page.getByRole('button', { name: t.send }).click()
    const outcome = page.locator('.contact-outcome-bad')
    await outcome.getByRole('heading', { name: t.limited }).waitFor()
    expect((await outcome.locator('p').first().textContent())?.trim()).toMatch(t.tooMany)
    await outcome.getByRole('button', { name: t.tryAgain }).click()
    await expectKept(page, email)
    expect(errors.filter((error) => !/status of 429/.test(error))).toEqual([])
  })

  test('a network failure keeps the values; trying again sends them', async ({ visit }) => {
    const { page } = await visit(null)
    await contactPage(page)
    const email = `e2e.contact.offline.${Date.now()}@example.com`
    await fill(page, email)
    // The network boundary: this one request never reaches the server.
    const aborted = (request: Request) => request.url().endsWith('/api/v1/contact')
    await page.route('**/api/v1/contact', (route) => route.abort('internetdisconnected'))
    const failed = page.waitForEvent('requestfailed', aborted)
    await page.getByRole('button', { name: t.send }).click()
    await failed
    const outcome = page.locator('.contact-outcome-bad')
    await outcome.getByRole('heading', { name: t.failed }).waitFor()
    await page.unroute('**/api/v1/contact')
    await outcome.getByRole('button', { name: t.tryAgain }).click()
    await expectKept(page, email)
    const answered = page.waitForResponse('**/api/v1/contact')
    await page.locator('.contact-form button[type="submit"]').click()
    expect((await answered).status()).toBe(201)
  })
})
