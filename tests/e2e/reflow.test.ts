import type { Page } from 'playwright-core'
import { prerenderTargets } from '../../src/routing/public-pages'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, type SignedIn, test } from './signed-in'

// WCAG 1.4.10 Reflow: no page scrolls sideways on a small phone. Every public page of the
// route table (the prerender list: each neutral page in both languages, each service page in
// its own) and every signed-in page, at 320, 375 and 430 CSS pixels: the document is no wider
// than the window, and no element reaches past its right edge unless a box that clips or
// scrolls (a table's scroller, the slideshow's track) holds it. One page per language is
// loaded once and resized, so the whole site takes a minute, not one load per width.

const widths = [320, 375, 430] as const

type Overflow = { readonly width: number; readonly scrollWidth: number; readonly past: string[] }

/** What reaches past the window's right edge at the current width. */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const heldByClippingBox = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true
      return false
    }
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      }`
    const past: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue
      if (heldByClippingBox(element)) continue
      const text = (element.textContent ?? '').trim().slice(0, 40)
      past.push(`${name(element)} (right ${Math.round(box.right)}) “${text}”`)
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, past: past.slice(0, 8) }
  })
}

/** The overflows of the page at each width (the page loaded at the narrowest). */
async function overflowsAtEveryWidth(page: Page, where: string): Promise<string[]> {
  const found: string[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    const { scrollWidth, past } = await overflowOf(page)
    if (scrollWidth > width || past.length > 0)
      found.push(`${where} at ${width} px: document ${scrollWidth} px wide; ${past.join('; ')}`)
  }
  return found
}

/**
 * The inbox list's cells that do not show whole at the current width: past the window's edge,
 * held by the table's scroller (which hides a column a phone's reader must scroll to find), or
 * squeezed beside each other instead of stacked as a card.
 */
function hiddenCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const hidden: string[] = []
    const wrap = document.querySelector('.admin-table-wrap')
    if (wrap && wrap.scrollWidth > wrap.clientWidth + 0.5)
      hidden.push(`the table scrolls: ${wrap.scrollWidth} px in ${wrap.clientWidth} px`)
    for (const cell of document.querySelectorAll('.admin-table tbody :is(th, td)')) {
      const box = cell.getBoundingClientRect()
      if (box.left < -0.5 || box.right > width + 0.5)
        hidden.push(
          `${(cell.textContent ?? '').trim().slice(0, 40)} (${Math.round(box.left)}–${Math.round(box.right)})`,
        )
    }
    // A phone shows each row as a card: its cells one under another, never side by side.
    for (const row of document.querySelectorAll('.admin-table tbody tr')) {
      const lefts = [...row.querySelectorAll(':scope > :is(th, td)')].map((cell) =>
        Math.round(cell.getBoundingClientRect().left),
      )
      if (new Set(lefts).size > 1)
        hidden.push(`a row's cells side by side (${(row.textContent ?? '').trim().slice(0, 40)})`)
    }
    return hidden.slice(0, 8)
  })
}

async function load(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: widths[0], height: 800 })
  await page.goto(path)
  await waitForHydration(page)
}

describe.each(['en-US', 'es-MX'] as const)('no sideways scrolling in %s', (locale) => {
  test.override({ locale })
  const language = locale.slice(0, 2)

  test('on every public page', async ({ visit }) => {
    const { page } = await visit(null, { viewport: { width: widths[0], height: 800 } })
    const targets = prerenderTargets().filter((target) => target.locale === language)
    expect(targets.length).toBeGreaterThan(20)
    const found: string[] = []
    for (const { path } of targets) {
      await load(page, path)
      found.push(...(await overflowsAtEveryWidth(page, path)))
    }
    expect(found).toEqual([])
  }, 240_000)

  test('on every signed-in page, with rows', async ({ newAccount }) => {
    // Long values, as people type them: a Spanish brief, a long name and address.
    const client: SignedIn = await newAccount({ role: 'client' })
    const created = await client.api.call('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'Necesitamos una tienda en línea para nuestra panadería en Oaxaca, con pedidos a domicilio y facturación electrónica.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(created.status, created.text).toBe(201)
    const id = (created.body as { request: { id: string } }).request.id
    const enquiry = await client.api.call('POST', '/api/v1/contact', {
      name: 'María Guadalupe Hernández Castañeda',
      email: `e2e.reflow.consultoria.internacional.${Date.now()}@example.com`,
      phone: '',
      company: 'Panificadora Tradicional Oaxaqueña',
      service: 'e-commerce',
      budget: '25k-75k',
      message: 'Queremos vender en línea nuestro pan de yema y chocolate de metate.',
      consent: true,
      website: '',
      elapsedMs: 10_000,
    })
    expect(enquiry.status, enquiry.text).toBe(201)
    const admin: SignedIn = await newAccount({ role: 'admin' })
    const found: string[] = []
    // Each page once its rows are shown (they are read after hydration).
    const service = language === 'es' ? '/servicios/diseno-web' : '/services/web-design'
    for (const [who, path, shown] of [
      [client, '/my-services', '.request-card'],
      [client, '/profile', '.account-details dd'],
      [client, `${service}?brief=open`, '#request-need'],
      [admin, '/admin', '.admin-table tbody tr'],
      [admin, '/admin?tab=enquiries', '.admin-table tbody tr'],
      [admin, `/admin?id=${id}`, '.admin-detail .request-facts'],
    ] as const) {
      await load(who.page, path)
      await who.page.locator(shown).first().waitFor()
      found.push(...(await overflowsAtEveryWidth(who.page, path)))
    }
    // The inbox's lists lose no column on a phone: rows are cards, every cell whole, no scrolling.
    for (const path of ['/admin', '/admin?tab=enquiries']) {
      await load(admin.page, path)
      await admin.page.locator('.admin-table tbody tr').first().waitFor()
      for (const width of [320, 390]) {
        await admin.page.setViewportSize({ width, height: 800 })
        const hidden = await hiddenCells(admin.page)
        if (hidden.length > 0) found.push(`${path} at ${width} px: ${hidden.join('; ')}`)
      }
    }
    // The profile's details as a form.
    await load(client.page, '/profile')
    await client.page
      .getByRole('button', { name: /^(Edit your details|Editar tus datos)$/ })
      .click()
    await client.page
      .getByRole('button', { name: /^(Save your details|Guardar tus datos)$/ })
      .waitFor()
    found.push(...(await overflowsAtEveryWidth(client.page, '/profile, editing')))
    expect(found).toEqual([])
  }, 120_000)
})
