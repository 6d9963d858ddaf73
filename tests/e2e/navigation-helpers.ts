import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/**
 * Pages are prerendered: the header is on screen before React hydrates it, and a click that
 * early does nothing. Waits until React has attached its handlers to `selector`.
 */
export async function waitForHydration(
  page: Page,
  selector = '.site-header button',
): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css)
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'))
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

export type AxeViolation = {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<{
    readonly target: readonly string[]
    readonly failureSummary?: string
  }>
}

const axeSource = readFileSync(
  resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
  'utf8',
)

/** Runs axe-core in the page (all rules of its default run) and returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const result = await axe.run()
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }))
  })
  return violations
}
