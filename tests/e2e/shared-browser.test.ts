import type { Browser } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './browser'

// Every file's launchChromium() reaches the one Chromium global-setup.ts starts: what a file
// leaves there must not reach the next file, and a file closing its browser must not end the
// run's.
describe('the shared Chromium', () => {
  const opened: Browser[] = []
  const connect = async (): Promise<Browser> => {
    const browser = await launchChromium()
    opened.push(browser)
    return browser
  }
  afterAll(async () => {
    await Promise.all(opened.map((browser) => browser.close()))
  })

  it('is one browser for every file: a page one file opens is a target of the same Chromium another file reaches', async () => {
    const first = await connect()
    const page = await (await first.newContext()).newPage()
    await page.goto(`${inject('baseURL')}/healthz?from=first-file`)
    const second = await connect()
    const session = await second.newBrowserCDPSession()
    const { targetInfos } = await session.send('Target.getTargets')
    expect(targetInfos.map((target) => target.url)).toContain(
      `${inject('baseURL')}/healthz?from=first-file`,
    )
  })

  it("starts each file with no context, cookie or stored value of another's, and outlives a file that closes its browser", async () => {
    const earlier = await connect()
    const context = await earlier.newContext({ baseURL: inject('baseURL') })
    await context.addCookies([{ name: 'left', value: 'behind', url: inject('baseURL') }])
    const page = await context.newPage()
    await page.goto('/')
    await page.evaluate(() => window.localStorage.setItem('left', 'behind'))
    await earlier.close()

    const later = await connect()
    expect(later.contexts()).toEqual([])
    const fresh = await later.newContext({ baseURL: inject('baseURL') })
    expect(await fresh.cookies()).toEqual([])
    const again = await fresh.newPage()
    await again.goto('/')
    expect(await again.evaluate(() => window.localStorage.getItem('left'))).toBeNull()
  })
})
