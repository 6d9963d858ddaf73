import type { Locator, Page } from 'playwright-core'

/**
 * Pages are prerendered: the header is on screen before the app hydrates it, and a click that
 * early is only replayed later. Waits until `selector` is there and the app has hydrated (its
 * handlers attached, its machines started: `<html data-hydrated>`).
 */
export async function waitForHydration(
  page: Page,
  selector = '.site-header button',
): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css)
    return element !== null && document.documentElement.hasAttribute('data-hydrated')
  }, selector)
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
