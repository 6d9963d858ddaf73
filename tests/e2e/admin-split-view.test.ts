import type { Page } from 'playwright-core'
import { axeViolations } from './axe'
import { waitForHydration } from './navigation-helpers'
import { requestService } from './requested-service'
import { describe, expect, test } from './signed-in'

// The inbox as a split view in a real browser against the real server, in each language: on a
// 1366×900 screen the agency opens a new request from the list and finds the reply box on the
// first screen (no scrolling, of the page or of the request's pane), answers, and the answer
// is in the thread; the list stays beside it all along (the same list: its filters in the
// address, its pane never rebuilt, so its scroll is kept); the request's own address opens it
// the same way, and Back closes it. On a 390 px phone: the list, the request in its place,
// "Back to the list" to the row it came from. axe finds nothing in both themes.

const texts = {
  'en-US': {
    reply: 'Reply',
    send: 'Send message',
    back: 'Back to the list',
    found: 'Service requests: 1 found',
  },
  'es-MX': {
    reply: 'Respuesta',
    send: 'Enviar mensaje',
    back: 'Volver a la lista',
    found: 'Solicitudes de servicio: 1 encontradas',
  },
} as const

/** The focused element, described: its tag, its id, and its row link's request. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return element
      ? `${element.tagName.toLowerCase()}#${element.id}${element.getAttribute('data-id') ?? ''}`
      : ''
  })

/** axe's violations, one line each, in the light theme then the dark one. */
async function violations(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (wanted) => document.documentElement.setAttribute('data-theme', wanted),
      theme,
    )
    for (const violation of await axeViolations(page))
      found.push(
        `${theme}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
  }
  return found
}

/**
 * Where the reply box is once the request is open, and how far the page and the request's pane
 * have been scrolled to show it.
 */
async function replyBox(page: Page, label: string) {
  const box = await page.getByRole('textbox', { name: label, exact: true }).boundingBox()
  const scrolled = await page.evaluate(() => ({
    pageScroll: window.scrollY,
    paneScroll: document.querySelector('.admin-split-detail')?.scrollTop ?? -1,
  }))
  return {
    top: box?.y ?? -1,
    bottom: box ? box.y + box.height : Number.POSITIVE_INFINITY,
    ...scrolled,
  }
}

describe.each(['en-US', 'es-MX'] as const)('the inbox as a split view in %s', (locale) => {
  test.override({ locale })
  const t = texts[locale]

  test('at 1366×900 a new request opens beside the list with its reply box on the first screen; the answer is in the thread', async ({
    admin,
    client,
  }) => {
    const id = await requestService(client)
    const { page } = admin
    await page.setViewportSize({ width: 1366, height: 900 })
    const listAddress = `/admin?q=${encodeURIComponent(client.email)}`
    await page.goto(listAddress)
    await waitForHydration(page)
    await page.locator('.admin-split-list .admin-table caption').getByText(t.found).waitFor()
    // The list's pane, marked: the same element (its scroll with it) must still be there after
    // the request opens and closes.
    await page.locator('.admin-split-list').evaluate((pane) => {
      pane.setAttribute('data-kept', 'yes')
    })

    // Opened from the list: the request's own address, the filters kept, focus on its heading.
    await page.locator(`a.admin-row-link[data-id="${id}"]`).click()
    await page.waitForURL((url) => url.searchParams.get('id') === id)
    expect(new URL(page.url()).searchParams.get('q')).toBe(client.email)
    await expect.poll(() => focused(page)).toBe('h2#admin-detail-heading')
    await page.getByRole('textbox', { name: t.reply, exact: true }).waitFor()
    // The reply box is whole on the first screen, nothing scrolled to show it.
    const box = await replyBox(page, t.reply)
    expect(box.pageScroll).toBe(0)
    expect(box.paneScroll).toBe(0)
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(box.bottom).toBeLessThanOrEqual(900)
    // The list beside it is the one shown before, its row marked as the one open.
    expect(await page.locator('.admin-split-list[data-kept="yes"]').count()).toBe(1)
    const row = page.locator(`a.admin-row-link[data-id="${id}"]`)
    expect(await row.isVisible()).toBe(true)
    expect(await row.getAttribute('aria-current')).toBe('page')
    expect(await violations(page)).toEqual([])

    // The answer, sent from there, is in the thread.
    const answer = `We are reading your brief (${locale}).`
    await page.getByRole('textbox', { name: t.reply, exact: true }).fill(answer)
    await page.getByRole('button', { name: t.send }).click()
    await page.locator('.admin-split-detail .thread').getByText(answer).waitFor()

    // Back (the browser's) closes it; the same list again, the filters kept.
    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has('id'))
    expect(new URL(page.url()).searchParams.get('q')).toBe(client.email)
    await page.locator('.admin-split-empty').waitFor()
    expect(await page.locator('.admin-split-list[data-kept="yes"]').count()).toBe(1)

    // The request's own address (a mail's link) opens it the same way.
    await page.goto(`/admin?id=${id}`)
    await waitForHydration(page)
    await page.getByRole('textbox', { name: t.reply, exact: true }).waitFor()
    const linked = await replyBox(page, t.reply)
    expect(linked.pageScroll).toBe(0)
    expect(linked.bottom).toBeLessThanOrEqual(900)
    await page.locator('.admin-split-detail .thread').getByText(answer).waitFor()
    await page.locator('.admin-split-list .admin-table').waitFor()
  })

  test('on a 390 px phone: the list, the request in its place, back to its row', async ({
    admin,
    client,
  }) => {
    const id = await requestService(client)
    const { page } = admin
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/admin?q=${encodeURIComponent(client.email)}`)
    await waitForHydration(page)
    await page.locator('.admin-table caption').getByText(t.found).waitFor()
    // One column: no split view.
    expect(await page.locator('.admin-split').count()).toBe(0)
    await page.locator(`a.admin-row-link[data-id="${id}"]`).click()
    await page.waitForURL((url) => url.searchParams.get('id') === id)
    await expect.poll(() => focused(page)).toBe('h2#admin-detail-heading')
    await page.getByRole('textbox', { name: t.reply, exact: true }).waitFor()
    // The request took the list's place.
    expect(await page.locator('.admin-table').count()).toBe(0)
    expect(await violations(page)).toEqual([])
    await page.getByRole('link', { name: t.back }).click()
    await page.waitForURL((url) => !url.searchParams.has('id'))
    expect(new URL(page.url()).searchParams.get('q')).toBe(client.email)
    await expect.poll(() => focused(page)).toBe(`a#${id}`)
  })
})
