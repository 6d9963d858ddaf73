import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { minimumFillMs } from '../../domain/leads/contact-schema'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { waitForMail } from './mail-box'
import { waitForHydration } from './navigation-helpers'

// The contact form against the real server and the real SMTP catcher, in both languages; the
// privacy notice's twins; axe on both pages in both themes.
const { open } = withBrowser()

/** AGENCY_EMAIL's default: the e2e server runs without it. */
const agencyEmail = 'hola@puentedigital.mx'

const summary = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )

async function fillEnquiry(page: Page, email: string, message: string) {
  await page.locator('#contact-name').fill('Lucía Hernández')
  await page.locator('#contact-email').fill(email)
  await page.locator('#contact-budget').selectOption('25k-75k')
  await page.locator('#contact-message').fill(message)
  await page.locator('#contact-consent').check()
  // A person takes longer than the minimum fill time; a faster form is dropped as spam. The
  // page measures it on its clock (installed before the page loaded), moved on rather than
  // waited for.
  await page.clock.fastForward(minimumFillMs + 100)
}

describe('the contact form', () => {
  it.each([
    {
      locale: 'en-US',
      sent: 'Thank you! We have your message and will answer within one business day.',
      button: 'Send message',
      // The agency's copy is in AGENCY_LANGUAGE (Spanish by default), whatever the page's.
      agencySubject: 'Nueva solicitud desde el sitio web: Lucía Hernández',
      acknowledgement: 'We received your message – Puente Digital',
    },
    {
      locale: 'es-MX',
      sent: '¡Gracias! Recibimos tu mensaje y te responderemos en un día hábil.',
      button: 'Enviar mensaje',
      agencySubject: 'Nueva solicitud desde el sitio web: Lucía Hernández',
      acknowledgement: 'Recibimos tu mensaje – Puente Digital',
    },
  ])(
    'sends an enquiry ($locale): the agency gets it in its language and the visitor an acknowledgement in the page language',
    async ({ locale, sent, button, agencySubject, acknowledgement }) => {
      const email = `e2e.contact.${locale}.${Date.now()}@example.com`
      const message = `Enquiry from the ${locale} page.\nWe need an online shop.`
      const { page, errors } = await open('/contact', { locale })
      await page.clock.install()
      await page.reload()
      await waitForHydration(page, '.contact-form button[type="submit"]')
      await fillEnquiry(page, email, message)
      await page.getByRole('button', { name: button }).click()
      const heading = page.getByRole('heading', { level: 2, name: sent })
      await heading.waitFor()
      expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)

      const toVisitor = await waitForMail(email)
      expect(toVisitor.subject).toBe(acknowledgement)
      // The acknowledgement goes to whatever address was typed: it quotes nothing written in the form.
      expect(toVisitor.text).not.toContain('online shop')
      const toAgency = await waitForMail(agencyEmail, undefined, (mail) =>
        mail.text.includes(email),
      )
      expect(toAgency.subject).toBe(agencySubject)
      expect(toAgency.text.replace(/\r\n/g, '\n')).toContain(message)
      expect(toAgency.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, '\\.')}`, 'im'))
      expect(errors).toEqual([])
    },
  )

  it('shows each field’s error, moves focus to the first one and keeps what was typed', async () => {
    const { page, errors } = await open('/contact')
    await waitForHydration(page, '.contact-form button[type="submit"]')
    await page.locator('#contact-email').fill('lucia@example.com')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please check the highlighted fields.' })
      .waitFor()
    // Focus moves in the effect after the render that shows the alert: on a loaded machine the
    // alert can be seen a moment before it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-name')
    expect(await page.locator('#contact-name').getAttribute('aria-describedby')).toBe(
      'contact-name-error',
    )
    expect(await page.locator('#contact-name-error').textContent()).toBe('This field is required.')
    expect(await page.locator('#contact-consent-error').textContent()).toBe(
      'Please agree to be contacted so we can answer you.',
    )
    expect(await page.locator('#contact-email').inputValue()).toBe('lucia@example.com')
    expect(errors).toEqual([])
  })

  it('preselects the service of the page that linked to it, by its slug in either language', async () => {
    const { page, errors } = await open('/services/e-commerce')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Contact us', exact: true }).last().click()
    await page.waitForURL('**/contact?service=e-commerce')
    await page.locator('#contact-service').waitFor()
    await expect.poll(() => page.locator('#contact-service').inputValue()).toBe('e-commerce')

    const spanish = await open('/contact?service=comercio-electronico', { locale: 'es-MX' })
    await waitForHydration(spanish.page, '.contact-form button[type="submit"]')
    expect(await spanish.page.locator('#contact-service').inputValue()).toBe('e-commerce')

    const unknown = await open('/contact?service=time-travel')
    await waitForHydration(unknown.page, '.contact-form button[type="submit"]')
    expect(await unknown.page.locator('#contact-service').inputValue()).toBe('')
    expect([...errors, ...spanish.errors, ...unknown.errors]).toEqual([])
  })
})

describe('the privacy notice', () => {
  it('is one page per language, each linking its twin, linked from the footer and the forms', async () => {
    const { page } = await open('/privacy')
    expect(await page.locator('h1').textContent()).toBe('Privacy notice')
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(await page.locator('link[rel="alternate"][hreflang="es"]').getAttribute('href')).toMatch(
      /\/privacidad$/,
    )
    const spanish = await open('/privacidad')
    expect(await spanish.page.locator('h1').textContent()).toBe('Aviso de privacidad')
    expect(await spanish.page.getAttribute('html', 'lang')).toBe('es')

    const contact = await open('/contact')
    expect(await contact.page.locator('footer a[href="/privacy"]').count()).toBe(1)
    expect(await contact.page.locator('label[for="contact-consent"] a').getAttribute('href')).toBe(
      '/privacy',
    )
    const register = await open('/register', { locale: 'es-MX' })
    expect(await register.page.locator('.registration-form a[href="/privacidad"]').count()).toBe(1)
  })
})

describe('axe-core on the contact page and the privacy notice', () => {
  it.each([
    ['/contact', 'light'],
    ['/contact', 'dark'],
    ['/privacy', 'light'],
    ['/privacy', 'dark'],
    ['/privacidad', 'light'],
    ['/privacidad', 'dark'],
  ] as const)('%s (%s theme): no violations', async (path, theme) => {
    const { page } = await open(path, { colorScheme: theme })
    await page.evaluate((value) => localStorage.setItem('agency-site:theme', value), theme)
    await page.reload()
    await waitForHydration(page)
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
    if (path === '/contact') {
      // With the errors showing too.
      await page.getByRole('button', { name: 'Send message' }).click()
      await page.locator('#contact-name-error').waitFor()
    }
    expect(summary(await axeViolations(page))).toEqual([])
  })
})
