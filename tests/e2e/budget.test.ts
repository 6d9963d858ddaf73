import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { slideIntervalMs } from '../../machines/slideshow-machine'
import { COMPILE_HINT } from '../../scripts/compile-hints-plugin'
import { publicPages } from '../../src/routing/public-pages'
import { withBrowser } from './fixtures'

// The public pages' performance budgets (docs/decisions/068):
// - before any interaction, a public page runs at most 30 kB (30,000 bytes) of JavaScript as
//   served (brotli): the prerendered page works on its own, and the app loads on the visitor's
//   first intent (the home page's slideshow, which rotates at load, runs as an island of its
//   own until then);
// - once the app has loaded (the visitor's first intent), at most 100 kB, and none of it
//   registration, validation, query or inspector code.
const { open } = withBrowser()
const buildDir = inject('buildDir')
const budgetBytes = 100_000
const beforeInteractionBytes = 30_000

type ChunkReport = Record<string, { modules: Record<string, number> }>
const chunks = () => JSON.parse(readFileSync(join(buildDir, 'chunks.json'), 'utf8')) as ChunkReport

/** Source modules that belong to other pages or to development, never to a public page. */
const notOnPublicPages = [
  /node_modules\/valibot\//,
  /node_modules\/@tanstack\/(react-)?query/,
  /machines\/registration/,
  /src\/features\/registration\//,
  // The contact form loads on /contact alone.
  /machines\/contact-form/,
  /src\/features\/contact\//,
  // The account pages' code. The session slot, its hint and its hook are on every page by
  // design (the header asks them who is signed in: docs/decisions/022); the runtime, the query
  // library and the pages load only when a page needs them.
  /src\/features\/account\//,
  /src\/session\/(?!(session-slot|session-hint|use-session)\.ts$)/,
  // The request brief, the client's requests and the admin inbox load on demand: a service
  // page holds only the brief's lazy loader (docs/decisions/027).
  /src\/features\/requests\/(?!lazy-request-brief\.tsx$)/,
  /src\/features\/admin\//,
  /machines\/(service-request-form|status-change)/,
  // A request's workspace (its conversation, uploads and live stream) loads on its pages only.
  /src\/ui\/workspace\//,
  /src\/domain\/workspace\//,
  /src\/api\/(upload-file|event-stream)\.ts$/,
  /machines\/(conversation|upload)-machine/,
  /locales\/(en|es)\/workspace\.po/,
  /node_modules\/@statelyai\/inspect\//,
  // Passkeys' browser library and the QR code of an authenticator app load with the pages
  // that open a passkey dialog or enrol an app (sign-in, profile, inbox), on demand.
  /node_modules\/@simplewebauthn\//,
  /node_modules\/uqr\//,
  /machines\/(second-factor|passkey-registration|totp-enrolment|recovery-codes|step-up|factor-actions)/,
  // The browser build runs on Preact (docs/decisions/015): react-dom must never come back.
  /node_modules\/react-dom\//,
]

/**
 * The scripts `path` loads (path → bytes as served): with `intent`, after the visitor's first
 * intent (the pointer over the header's first button) until the app has hydrated and the
 * network is quiet; without, until the page has loaded, the network is quiet and the browser
 * idle, with no interaction at all.
 */
async function scriptsOf(
  path: string,
  { intent }: { readonly intent: boolean },
): Promise<Map<string, number>> {
  const { page, context } = await open('/robots.txt')
  const scripts = new Map<string, number>()
  const pending: Promise<void>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    pending.push(
      request.sizes().then((sizes) => {
        scripts.set(new URL(request.url()).pathname, sizes.responseBodySize)
      }),
    )
  })
  // The page's clock is the test's: the slideshow's rotation is moved on, not waited for.
  await page.clock.install()
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  if (intent) {
    await page.locator('.site-header button').first().hover()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
  }
  // Let a rotation and the idle callbacks run (still no click), then whatever they asked for
  // arrive.
  if (path === '/') await page.clock.runFor(slideIntervalMs)
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  )
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  await context.close()
  return scripts
}

const sum = (scripts: Map<string, number>) => [...scripts.values()].reduce((a, b) => a + b, 0)

// The home page, every service page and both listings, as the routes declare them.
const routes = [
  '/',
  ...publicPages.filter((page) => page.kind !== 'neutral').map((page) => page.path),
]

/**
 * The public pages that wait for the visitor: all but those behind the sign-in, which load
 * their app at once from a build of their own (docs/decisions/050) and name the API reads they
 * start with, and those that act as they arrive (a link's token, signing out), whose work is
 * the app's (app-on-intent.test.ts checks that they load it at once).
 */
const publicOnly = publicPages
  .filter((page) => !page.facts.firstReads && !page.facts.actsOnArrival)
  .map((page) => page.path)

/** The contact page may load its form (schema, machine), but nothing of the other flows. */
const notOnContactPage = notOnPublicPages.filter(
  (pattern) => !/valibot|contact/.test(pattern.source),
)

describe('the public pages’ JavaScript before any interaction', () => {
  it.each(publicOnly)(
    '%s runs ≤ 30 kB of compressed JavaScript until the visitor acts',
    async (path) => {
      const scripts = await scriptsOf(path, { intent: false })
      const transferred = sum(scripts)
      console.info(
        `${path} before interaction: ${transferred} B as served (br), ${scripts.size} files`,
      )
      expect(transferred).toBeLessThanOrEqual(beforeInteractionBytes)
    },
  )
})

describe('the public pages’ JavaScript once the visitor acts', () => {
  it('/contact loads ≤ 100 kB of compressed JavaScript with its form, no other flow’s code', async () => {
    const scripts = await scriptsOf('/contact', { intent: true })
    const files = [...scripts.keys()]
    const modules = files.flatMap((file) => Object.keys(chunks()[file.slice(1)]?.modules ?? {}))
    expect(modules.some((id) => /src\/features\/contact\//.test(id))).toBe(true)
    expect(modules.filter((id) => notOnContactPage.some((pattern) => pattern.test(id)))).toEqual([])
    const transferred = sum(scripts)
    console.info(`/contact JavaScript: ${transferred} B as served (br), ${files.length} files`)
    expect(transferred).toBeLessThanOrEqual(budgetBytes)
  })

  it.each(routes)(
    '%s loads ≤ 100 kB of compressed JavaScript, no other pages’ code',
    async (path) => {
      const scripts = await scriptsOf(path, { intent: true })
      const files = [...scripts.keys()]
      expect(files.length).toBeGreaterThan(0)
      const transferred = sum(scripts)
      const report = chunks()
      const modules = files.flatMap((file) => Object.keys(report[file.slice(1)]?.modules ?? {}))
      expect(modules.length).toBeGreaterThan(100)
      expect(modules.filter((id) => notOnPublicPages.some((pattern) => pattern.test(id)))).toEqual(
        [],
      )
      if (path === '/') {
        // What the browser downloaded (brotli, as served); gzip for the record.
        // (Files under 1 KiB are not precompressed: they travel as they are.)
        const gzip = files.reduce((total, file) => {
          const path = join(buildDir, 'client', file)
          return total + readFileSync(existsSync(`${path}.gz`) ? `${path}.gz` : path).length
        }, 0)
        console.info(
          `home page JavaScript: ${transferred} B as served (br), ${gzip} B gzip, ${files.length} files`,
        )
      }
      expect(transferred).toBeLessThanOrEqual(budgetBytes)
    },
  )
})

// Start-up code is compiled while it downloads, off the main thread (docs/decisions/029).
describe('the compile hint', () => {
  const startsWithHint = (file: string) =>
    readFileSync(join(buildDir, 'client', file), 'utf8').startsWith(`${COMPILE_HINT}\n`)

  it.each(['en/index.html', 'es/servicios/desarrollo-web.html', 'en/register.html'])(
    'heads every script %s runs at start',
    (page) => {
      const html = readFileSync(join(buildDir, 'pages', page), 'utf8')
      const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))]
      expect(scripts.length).toBeGreaterThan(1)
      expect(scripts.filter((file) => !startsWithHint(file))).toEqual([])
    },
  )

  it('is not on code loaded for later (the request brief)', () => {
    const brief = Object.entries(chunks()).find(([, chunk]) =>
      Object.keys(chunk.modules).some((id) =>
        id.endsWith('src/features/requests/request-brief.tsx'),
      ),
    )
    expect(brief).toBeDefined()
    expect(startsWithHint(brief?.[0] ?? '')).toBe(false)
  })
})
