import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchChromium } from './browser'
import { fromAddress } from './source-address'

export type OpenedPage = {
  readonly page: Page
  readonly context: BrowserContext
  /** Console errors and uncaught exceptions seen so far on this page. */
  readonly errors: string[]
}

/**
 * One Chromium per test file; each `open` gets a fresh context (own storage and cookies) whose
 * requests come from the file's own address (source-address.ts), unless `options` names another.
 */
export function withBrowser() {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  const baseURL = inject('baseURL')

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()))
    await browser?.close()
  })

  async function open(path: string, options: BrowserContextOptions = {}): Promise<OpenedPage> {
    if (!browser) throw new Error('The browser is not running')
    const context = await browser.newContext({
      baseURL,
      locale: 'en-US',
      ...options,
      extraHTTPHeaders: { ...fromAddress(), ...options.extraHTTPHeaders },
    })
    contexts.push(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(path)
    return { page, context, errors }
  }

  return { open, baseURL }
}
