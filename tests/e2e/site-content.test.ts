import type { Page } from 'playwright-core'
import { axeViolations } from './axe'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, test } from './signed-in'

// The admin's "Site content" in a real browser against the real server, in each language: the
// seeded testimonials are listed; a new one is saved with its English texts only, and
// publishing it is refused, the missing Spanish texts listed and marked on their fields; once
// written, it publishes. Someone else's save meanwhile opens the conflict's dialog, which shows
// their version and takes it. axe finds nothing on the list and the refusal in both themes, nor on the
// dialog; focus moves to each outcome.

const texts = {
  'en-US': {
    heading: 'Testimonials',
    newItem: 'New',
    person: 'Person',
    company: 'Company',
    consent: 'Consent to publish given on',
    quoteEn: 'Quote (English)',
    quoteEs: 'Quote (Spanish)',
    roleEn: 'Role (English)',
    roleEs: 'Role (Spanish)',
    save: 'Save',
    publish: 'Publish',
    unpublish: 'Unpublish',
    published: 'Published',
    theirs: 'Take their version',
    darkTheme: 'Dark theme',
  },
  'es-MX': {
    heading: 'Testimonios',
    newItem: 'Nuevo',
    person: 'Persona',
    company: 'Empresa',
    consent: 'Consentimiento de publicación dado el',
    quoteEn: 'Cita (Inglés)',
    quoteEs: 'Cita (Español)',
    roleEn: 'Cargo (Inglés)',
    roleEs: 'Cargo (Español)',
    save: 'Guardar',
    publish: 'Publicar',
    unpublish: 'Despublicar',
    published: 'Publicado',
    theirs: 'Tomar su versión',
    darkTheme: 'Tema oscuro',
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

const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
  )

describe.each(['en-US', 'es-MX'] as const)('site content in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('a testimonial is written, refused without its Spanish, published, and meets a conflict', async ({
    admin,
  }) => {
    const { page } = admin
    const person = `Ana Ruiz (${locale})`
    await page.goto('/admin/content')
    await waitForHydration(page)
    await page.getByRole('heading', { level: 2, name: t.heading }).waitFor()
    // The seed's four testimonials.
    expect(await page.locator('.admin-table tbody tr').count()).toBeGreaterThanOrEqual(4)
    await expectAccessibleInBothThemes(page, t)

    await page.getByRole('link', { name: t.newItem }).click()
    const form = page.getByRole('form')
    await form.getByLabel(t.person, { exact: true }).fill(person)
    await form.getByLabel(t.quoteEn, { exact: true }).fill('They launched our shop in six weeks.')
    await form.getByRole('button', { name: t.save }).click()
    await form.getByRole('button', { name: t.publish }).waitFor()
    expect(await focused(page)).toBe('status')

    // Publishing needs the Spanish texts: each is listed and marked.
    await form.getByRole('button', { name: t.publish }).click()
    const summary = page.locator('.form-summary')
    await summary.getByRole('link', { name: t.quoteEs }).waitFor()
    expect(await summary.getByRole('link', { name: t.roleEs }).count()).toBe(1)
    // A name (missing in both languages, the server says) is listed once, on its one field.
    expect(await summary.getByRole('link', { name: t.company, exact: true }).count()).toBe(1)
    expect(await form.getByLabel(t.company).getAttribute('aria-invalid')).toBe('true')
    expect(await focused(page)).toBe('alert')
    expect(await form.getByLabel(t.quoteEs).getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByRole('group').last().getAttribute('lang')).toBe('es')
    await expectAccessibleInBothThemes(page, t)

    await form.getByLabel(t.quoteEs).fill('Lanzaron nuestra tienda en seis semanas.')
    await form.getByLabel(t.roleEs).fill('Fundadora')
    await form.getByLabel(t.roleEn).fill('Founder')
    await form.getByLabel(t.company).fill('Panadería Sol')
    await form.getByLabel(t.consent).fill('2026-11-02')
    await form.getByRole('button', { name: t.save }).click()
    // Publish is offered again once the changes are saved.
    await form.getByRole('button', { name: t.publish }).click()
    await form.getByRole('button', { name: t.unpublish }).waitFor()
    await page.getByText(t.published, { exact: true }).first().waitFor()

    // Someone else saves meanwhile (the same item, from its current version).
    const list = await admin.api.call('GET', '/api/v1/admin/content/testimonials')
    const mine = (list.body as { items: { id: string; data: { person: string } }[] }).items.find(
      (listed) => listed.data.person === person,
    )
    const path = `/api/v1/admin/content/testimonials/${mine?.id}`
    const current = await admin.api.call('GET', path)
    const item = (current.body as { item: { version: number; data: Record<string, unknown> } }).item
    const theirs = await admin.api.call('PATCH', path, {
      version: item.version,
      data: { ...item.data, person: 'Ana García' },
    })
    expect(theirs.status, theirs.text).toBe(200)

    await form.getByLabel(t.person, { exact: true }).fill('Ana R.')
    await form.getByRole('button', { name: t.save }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Ana García').waitFor()
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true)
    // The modal dialog covers the theme's switch: axe in the theme the page is in.
    expect(await axeViolations(page), `axe on the conflict's dialog`).toEqual([])
    await dialog.getByRole('button', { name: t.theirs }).click()
    expect(await form.getByLabel(t.person, { exact: true }).inputValue()).toBe('Ana García')
  })
})
