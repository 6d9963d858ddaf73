import type { Page } from 'playwright-core'
import type { ApiSession } from './api-session'
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
    history: 'History',
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
    history: 'Historial',
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

type Listed = { readonly items: readonly { readonly id: string; readonly version: number }[] }
const madeKinds = ['testimonials', 'case-studies'] as const

/** The content items there are now, by id. */
async function contentIds(api: ApiSession): Promise<Set<string>> {
  const ids = new Set<string>()
  for (const kind of madeKinds) {
    const list = await api.call('GET', `/api/v1/admin/content/${kind}`)
    for (const item of (list.body as Listed).items) ids.add(item.id)
  }
  return ids
}

/**
 * Deletes the items a test made: publishing renders the public pages again for every visitor,
 * and the files after this one (Our work, the screenshots) read the seed's content there. A
 * delete renders them again before it answers.
 */
async function removeContentSince(api: ApiSession, before: ReadonlySet<string>): Promise<void> {
  for (const kind of madeKinds) {
    const list = await api.call('GET', `/api/v1/admin/content/${kind}`)
    for (const item of (list.body as Listed).items.filter((listed) => !before.has(listed.id))) {
      const removed = await api.call('DELETE', `/api/v1/admin/content/${kind}/${item.id}`, {
        version: item.version,
      })
      expect(removed.status, removed.text).toBe(200)
    }
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
    const made = await contentIds(admin.api)
    try {
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
      // Saved once, the item has its own address (replacing `new` in the history) and its history,
      // in the same editor: the saved notice keeps the focus.
      await page.waitForURL(/\/admin\/content\/testimonials\/[0-9a-f-]{36}$/)
      await page.getByRole('region', { name: t.history }).getByRole('row').first().waitFor()
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
      const item = (current.body as { item: { version: number; data: Record<string, unknown> } })
        .item
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
    } finally {
      await removeContentSince(admin.api, made)
    }
  })
})

/** What reaches past the window's right edge (nothing, when the page does not scroll sideways). */
const pastTheWindow = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return []
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${element.id}`)
  })

// A case study, the richest kind: written in both languages with two results, saved, refused
// publishing while a result's Spanish label is missing (named by its place, on its own field),
// published once written; its history lists each change, compares two (what went and what came
// marked in words), refuses to restore an incomplete version into the published item and
// restores a complete one. axe finds nothing on it in both themes at 1366 and 390 px wide, and
// at 320 px nothing scrolls sideways.
describe('a case study in en-US', () => {
  test.override({ locale: 'en-US' })
  const t = texts['en-US']

  // Some forty fields typed and axe run eight times: longer than one page's journey.
  test('is written with two results, published, compared and restored', {
    timeout: 240_000,
  }, async ({ admin }) => {
    const made = await contentIds(admin.api)
    try {
      const { page } = admin
      const client = `Café Altura ${Date.now()}`
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto('/admin/content?kind=case-studies')
      await waitForHydration(page)
      await page.getByRole('heading', { level: 2, name: 'Case studies' }).waitFor()
      // Every kind is reachable from the list's navigation, the current one marked.
      const kinds = page.getByRole('navigation', { name: 'Kinds of content' })
      expect(await kinds.getByRole('link').count()).toBe(6)
      expect(
        await kinds.getByRole('link', { name: 'Case studies' }).getAttribute('aria-current'),
      ).toBe('page')

      await page.getByRole('link', { name: t.newItem }).click()
      const form = page.getByRole('form', { name: 'Item fields' })
      await form.getByLabel('Client', { exact: true }).fill(client)
      await form.getByRole('checkbox', { name: 'Web design' }).check()
      await form.getByRole('checkbox', { name: 'SEO', exact: true }).check()
      await form.getByRole('checkbox', { name: 'Featured' }).check()
      const english = {
        Sector: 'Coffee roasting',
        Situation: 'A shop that sold only at the counter.',
        Constraint: 'Six weeks and one person to run it.',
        Approach: 'A small catalogue and local delivery first.',
        Outcome: 'Orders online from the first week.',
      }
      for (const [label, text] of Object.entries(english))
        await form.getByLabel(`${label} (English)`, { exact: true }).fill(text)
      await form.getByLabel('Address (slug) (English)', { exact: true }).fill(`cafe-${Date.now()}`)
      // Two results: adding one moves focus to its figure.
      for (const [index, [figure, en]] of [
        ['+38 %', 'online sales'],
        ['2.4 s', 'page load'],
      ].entries()) {
        await form.getByRole('button', { name: 'Add a result' }).click()
        const figureField = form.getByLabel(`Figure (Result ${index + 1})`, { exact: true })
        expect(await figureField.evaluate((field) => field === document.activeElement)).toBe(true)
        await figureField.fill(figure ?? '')
        await form
          .getByLabel(`What it measures (Result ${index + 1}, English)`, { exact: true })
          .fill(en ?? '')
      }
      await form.getByRole('button', { name: t.save }).click()
      await form.getByRole('button', { name: t.publish }).waitFor()
      expect(await focused(page)).toBe('status')

      // Publishing needs the Spanish: a result's label is named by its place.
      await form.getByRole('button', { name: t.publish }).click()
      const summary = page.locator('.form-summary')
      const resultLink = summary.getByRole('link', { name: 'Result 2: What it measures (Spanish)' })
      await resultLink.waitFor()
      expect(await focused(page)).toBe('alert')
      const resultField = form.getByLabel('What it measures (Result 2, Spanish)', { exact: true })
      expect(await resultField.getAttribute('aria-invalid')).toBe('true')
      await resultLink.click()
      expect(await resultField.evaluate((field) => field === document.activeElement)).toBe(true)

      const spanish = {
        Sector: 'Tostado de café',
        Situation: 'Una tienda que solo vendía en el mostrador.',
        Constraint: 'Seis semanas y una persona para llevarla.',
        Approach: 'Primero un catálogo pequeño y reparto local.',
        Outcome: 'Pedidos en línea desde la primera semana.',
      }
      for (const [label, text] of Object.entries(spanish))
        await form.getByLabel(`${label} (Spanish)`, { exact: true }).fill(text)
      await form
        .getByLabel('Address (slug) (Spanish)', { exact: true })
        .fill(`cafe-es-${Date.now()}`)
      await form
        .getByLabel('What it measures (Result 1, Spanish)', { exact: true })
        .fill('ventas en línea')
      await resultField.fill('carga de la página')
      await form.getByRole('button', { name: t.save }).click()
      await form.getByRole('button', { name: t.publish }).click()
      await form.getByRole('button', { name: t.unpublish }).waitFor()

      // The item's own page: its editor and its history.
      await page.goto('/admin/content?kind=case-studies')
      await page.getByRole('link', { name: client }).click()
      const history = page.getByRole('region', { name: 'History' })
      // Created, edited (the Spanish), published.
      await history.getByRole('row', { name: /Version 3/ }).waitFor()
      expect(await history.getByRole('row').count()).toBe(4)
      await history.getByRole('radio', { name: 'From version 1' }).check()
      await history.getByRole('button', { name: 'Compare the two chosen' }).click()
      const diff = history.getByRole('region', { name: 'From version 1 to version 3' })
      await diff.waitFor()
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(
        'From version 1 to version 3',
      )
      const sector = diff.getByRole('listitem').filter({ hasText: 'Sector (Spanish)' })
      expect(await sector.locator('ins').textContent()).toBe('Tostado de café')
      expect(await sector.getByText('Added:').count()).toBe(1)
      expect(await sector.getByText('Removed:').count()).toBe(1)
      expect(await sector.locator('ins').getAttribute('lang')).toBe('es')

      // The theme's switch is in the header at 1366 px (in the settings panel at 390 px): each
      // theme is chosen wide, then checked at both widths.
      const toggle = page.locator('.site-header').getByRole('button', { name: t.darkTheme })
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: 1366, height: 900 })
        if ((await page.getAttribute('html', 'data-theme')) !== theme) await toggle.click()
        await page.waitForSelector(`html[data-theme="${theme}"]`)
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: 900 })
          expect(await axeViolations(page), `axe at ${width} px (${theme})`).toEqual([])
        }
      }
      await page.setViewportSize({ width: 320, height: 800 })
      // The layout settles after the resize (the header changes at its breakpoint): wait for it.
      await page
        .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
          timeout: 10_000,
        })
        .catch(() => undefined)
      expect(await pastTheWindow(page), 'no sideways scroll at 320 px').toEqual([])
      await page.setViewportSize({ width: 1366, height: 900 })

      // Version 1 lacks the Spanish: the published item is not emptied by a restore.
      await history.getByRole('button', { name: 'Restore version 1' }).click()
      const status = history.locator('.content-history-status')
      await page.waitForFunction(
        () =>
          document.activeElement?.classList.contains('content-history-status') &&
          (document.activeElement.textContent ?? '') !== '',
      )
      expect(await form.getByLabel('Sector (Spanish)', { exact: true }).inputValue()).toBe(
        'Tostado de café',
      )
      // Version 2 is complete: restored as version 4, and the form reads it again.
      await history.getByRole('button', { name: 'Restore version 2' }).click()
      await status.getByText('Version 2 restored as version 4; the form above shows it.').waitFor()
      expect(await focused(page)).toBe('status')
      await page
        .locator('.content-facts')
        .getByText(/Version 4, last changed by/)
        .waitFor()
      await history.getByRole('row', { name: /Version 4/ }).waitFor()
    } finally {
      await removeContentSince(admin.api, made)
    }
  })
})
