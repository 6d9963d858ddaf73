import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { axeViolations } from './axe'
import { launchChromium } from './browser'
import { waitForHydration } from './navigation-helpers'

// The development inspector (/__inspector, scripts/inspector/) against a real `npm run dev`
// (Vite's dev server, started here on a free port, no API server: the home page needs none):
// the app in one tab, the inspector in another, talking through the dev server only.
// And the production build holds none of it.

const root = resolve(import.meta.dirname, '../..')
let vite: ChildProcess | undefined
let browser: Browser | undefined
let base = ''
let viteOutput = ''

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })
}

async function waitForDevServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (vite?.exitCode !== null) throw new Error(`Vite exited:\n${viteOutput}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`The dev server did not answer within ${timeoutMs} ms:\n${viteOutput}`)
}

/** `npm run dev`'s environment: none of the test runner's variables (they switch the config). */
function devEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env))
    if (name.startsWith('VITEST') || name === 'NODE_ENV' || name === 'TEST') delete env[name]
  return env
}

const slideshowCard = (inspector: Page) =>
  inspector.locator('.actor[data-machine="slideshow"][data-status="running"]')
const themeCard = (inspector: Page) =>
  inspector.locator('.actor[data-machine="theme"][data-status="running"]')

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  vite = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { cwd: root, env: devEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  vite.stdout?.on('data', (chunk) => {
    viteOutput += chunk
  })
  vite.stderr?.on('data', (chunk) => {
    viteOutput += chunk
  })
  await waitForDevServer(`${base}/__inspector`, 60_000)
  browser = await launchChromium()
  // A first visit of both pages lets Vite bundle the dependencies it discovers (which reloads
  // the open tabs) before the test's tabs exist.
  const warm = await browser.newContext({ baseURL: base })
  const page = await warm.newPage()
  await page.goto('/')
  await waitForHydration(page)
  await page.goto('/__inspector')
  await page.locator('#machines[data-drawn]').waitFor({ state: 'attached', timeout: 60_000 })
  await warm.close()
})

afterAll(async () => {
  await browser?.close()
  if (vite?.pid) vite.kill('SIGTERM')
})

describe('the machine inspector (npm run dev, /__inspector)', () => {
  it('shows the app tab live, sends it events, and shows its actors stopped when it closes', async () => {
    if (!browser) throw new Error('no browser')
    const context = await browser.newContext({ baseURL: base, locale: 'en-US' })
    onTestFinished(() => context.close())
    const inspector = await context.newPage()
    const problems: string[] = []
    inspector.on('pageerror', (error) => problems.push(error.message))
    await inspector.goto('/__inspector')
    await inspector.locator('#machines[data-drawn]').waitFor({ state: 'attached', timeout: 30_000 })
    // Every machine of machines/ is drawn, as a statechart in SVG.
    expect(await inspector.locator('#machines .machine svg.machine-chart').count()).toBeGreaterThan(
      10,
    )

    const app = await context.newPage()
    await app.goto('/')
    await waitForHydration(app)
    await slideshowCard(inspector).waitFor({ timeout: 10_000 })
    await slideshowCard(inspector)
      .locator('.state.active[data-state="slideshow.playing.rotating"]')
      .waitFor({ timeout: 5000 })

    // The person presses "Next slide": the inspector shows the state it led to and the event.
    await app
      .getByRole('region', { name: 'Highlights' })
      .getByRole('button', { name: 'Next slide' })
      .click()
    const card = slideshowCard(inspector)
    await card
      .locator('.state.active[data-state="slideshow.playing.held"]')
      .waitFor({ timeout: 1000 })
    await card.locator('.log li[data-kind="event"]', { hasText: '⇢ next' }).waitFor({
      timeout: 1000,
    })
    expect(await card.locator('.state-value').textContent()).toBe('State: {"playing":"held"}')
    await card.getByText('Context {4}').click()
    expect(await card.locator('.context').textContent()).toContain('current: 1')

    // The inspector sends the theme actor its event: the app tab changes theme.
    const before = await app.evaluate(() => document.documentElement.dataset.theme)
    const theme = themeCard(inspector)
    await theme.getByLabel('Event').selectOption('toggle')
    await theme.getByRole('button', { name: 'Send' }).click()
    await expect
      .poll(() => app.evaluate(() => document.documentElement.dataset.theme), { timeout: 5000 })
      .toBe(before === 'dark' ? 'light' : 'dark')
    await theme.locator('.log li[data-kind="event"]', { hasText: '⇢ toggle' }).waitFor()

    // Pausing holds the log; resuming shows what arrived meanwhile.
    await inspector.getByRole('button', { name: 'Pause the log' }).click()
    await theme.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => app.evaluate(() => document.documentElement.dataset.theme)).toBe(before)
    expect(await theme.locator('.log li[data-kind="event"]', { hasText: '⇢ toggle' }).count()).toBe(
      1,
    )
    await inspector.getByRole('button', { name: 'Resume the log' }).click()
    expect(await theme.locator('.log li[data-kind="event"]', { hasText: '⇢ toggle' }).count()).toBe(
      2,
    )

    // The app tab closes: its actors show as stopped.
    const sessions = await inspector
      .locator('.actor')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-session')))
    expect(sessions.length).toBeGreaterThan(2)
    await app.close()
    await inspector
      .locator('.actor[data-machine="slideshow"][data-status="stopped"]')
      .waitFor({ timeout: 10_000 })
    await expect.poll(() => inspector.locator('.actor[data-status="running"]').count()).toBe(0)

    expect(await axeViolations(inspector)).toEqual([])
    expect(problems).toEqual([])
  })

  it('is keyboard-operable: an event is chosen and sent without a pointer', async () => {
    if (!browser) throw new Error('no browser')
    const context = await browser.newContext({ baseURL: base, locale: 'en-US' })
    onTestFinished(() => context.close())
    const inspector = await context.newPage()
    await inspector.goto('/__inspector')
    const app = await context.newPage()
    await app.goto('/')
    await waitForHydration(app)
    const theme = themeCard(inspector)
    await theme.waitFor({ timeout: 10_000 })
    const before = await app.evaluate(() => document.documentElement.dataset.theme)
    await theme.getByLabel('Event').focus()
    await inspector.keyboard.press('Tab') // the payload
    await inspector.keyboard.press('Tab') // Send
    expect(await inspector.evaluate(() => document.activeElement?.textContent)).toBe('Send')
    await inspector.keyboard.press('Enter')
    await expect
      .poll(() => app.evaluate(() => document.documentElement.dataset.theme), { timeout: 5000 })
      .not.toBe(before)
    expect(await axeViolations(inspector)).toEqual([])
  })
})

describe('the production build', () => {
  it('holds no byte of the inspector', () => {
    const buildDir = inject('buildDir')
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : [path]
      })
    const markers = ['puente-inspector', '__inspector', 'Machine inspector', 'elk.layered']
    const found = files(buildDir)
      .filter((file) => /\.(js|mjs|html|json)$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8')
        return markers.filter((marker) => text.includes(marker)).map((m) => `${file}: ${m}`)
      })
    expect(found).toEqual([])
    const chunks = readFileSync(join(buildDir, 'chunks.json'), 'utf8')
    expect(chunks).not.toMatch(/inspector-relay|scripts\/inspector|machine-chart|elkjs/)
  })
})
