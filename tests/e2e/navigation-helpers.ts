import type { Locator, Page } from 'playwright-core'

/**
 * Pages are prerendered: the header is on screen before the app hydrates it, and a click that
 * early is only replayed later. Waits until `selector` is there and the app has hydrated (its
 * handlers attached, its machines started: `<html data-hydrated>`). A public page loads the
 * app on the visitor's first intent (docs/decisions/068): until it has hydrated, the pointer
 * is announced over the page's first button (an event only: the real pointer stays put).
 */
export async function waitForHydration(
  page: Page,
  selector = '.site-header button',
): Promise<void> {
  await page.waitForFunction((css) => {
    if (document.documentElement.hasAttribute('data-hydrated'))
      return document.querySelector(css) !== null
    // Once loaded, as a visitor's pointer would come (a page that loads its scripts by itself
    // starts them after the load event and the first paint). `selector` may name what only
    // the live app renders (an enabled submit button): the intent does not wait for it.
    if (document.readyState !== 'complete') return false
    const button = document.querySelector('button')
    button?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
    return false
  }, selector)
}

/** The visitor's first intent, without moving the real pointer (see waitForHydration). */
export async function showIntent(page: Page): Promise<void> {
  await page.locator('button').first().dispatchEvent('pointerover')
}

export const mainNav = (page: Page): Locator =>
  page.getByRole('navigation', { name: /^(Main|Principal)$/ })
export const servicesButton = (page: Page): Locator =>
  mainNav(page).getByRole('button', { name: /^(Services|Servicios)$/ })

/** The element a disclosure button controls (`aria-controls`). */
export async function controlled(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls')
  if (!id) throw new Error('The button has no aria-controls')
  return page.locator(`[id="${id}"]`)
}
