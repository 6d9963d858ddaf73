// `npm run audit:a11y`: Lighthouse 12's accessibility category (Debian's Chromium) on every page
// the sitemap lists (an address both languages share, in each) and on the signed-in pages (a
// client's profile, requests and a request with a message each way and a sent proposal; the admin
// inbox's list, a request's detail and the enquiries), each in the light and the dark theme.
// Builds into AUDIT_BUILD_DIR (default .tmp/a11y-build; --no-build reuses it), starts the real
// server with a throw-away DATA_DIR, registers a client and an admin through the API (confirmed
// in the database; the admin turns an authenticator app on, as the admin API requires), then
// prints page × theme → score with the audits that failed, and exits 1 when any score is below
// 100. --desktop: a desktop screen instead of Lighthouse's phone; --only /about,/admin*: just those
// pages (a final * matches the addresses that start with what comes before it).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer, { type Page } from 'puppeteer-core'
import { themeStorageKey } from '../domain/theme'
import { totpCode } from '../server/test/totp-code'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }
import { Browser, withBenchServer } from './bench-server'
import { chromeFlags } from './lighthouse-run.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]?.split(',') : undefined
const buildDir = process.env.AUDIT_BUILD_DIR || '.tmp/a11y-build'
const themes = ['light', 'dark'] as const
// Lighthouse's mobile emulation (its default), or a desktop screen with --desktop.
const config = argv.includes('--desktop') ? desktopConfig : undefined

type Language = 'en' | 'es'
/** A page to audit; `language` for a page whose address serves both (the visitor's choice). */
type Target = { readonly path: string; readonly session?: Browser; readonly language?: Language }
type Row = { page: string; language: string; theme: string; score: number; failed: string[] }

/** A page with one address per language as it is; one shared by both, in each language. */
function inEachLanguage(path: string, session?: Browser, localized = false): Target[] {
  if (localized) return [{ path, session }]
  return (['en', 'es'] as const).map((language) => ({ path, session, language }))
}

async function expectStatus(
  what: string,
  answer: Promise<{ status: number; body: Record<string, unknown> }>,
  status: number,
) {
  const settled = await answer
  if (settled.status !== status) {
    throw new Error(`${what}: ${settled.status} ${JSON.stringify(settled.body)}`)
  }
  return settled.body
}

/** A registered, confirmed account signed in through the API (an admin with an app factor). */
async function signedIn(
  baseURL: string,
  pool: import('pg').Pool,
  email: string,
  role: 'client' | 'admin',
): Promise<Browser> {
  const browser = new Browser(baseURL)
  await browser.start()
  const account = { ...validRegistration, email }
  await expectStatus('register', browser.json('POST', '/api/v1/auth/register', account), 201)
  await pool.query(
    'UPDATE users SET email_verified_at = now(), role = $2 WHERE lower(email) = lower($1)',
    [email, role],
  )
  await expectStatus(
    'sign in',
    browser.json('POST', '/api/v1/auth/login', { email, password: account.password }),
    200,
  )
  if (role === 'admin') {
    const started = await expectStatus(
      "the app's key",
      browser.json('POST', '/api/v1/me/factors/totp', {}),
      200,
    )
    await expectStatus(
      "the app's code",
      browser.json('POST', '/api/v1/me/factors/totp/confirm', {
        code: totpCode(started.secret as string, new Date()),
      }),
      200,
    )
  }
  return browser
}

/** The signed-in pages, with a request that has a message each way and a sent proposal. */
async function signedInTargets(baseURL: string, pool: import('pg').Pool): Promise<Target[]> {
  const client = await signedIn(baseURL, pool, 'audit.client@example.com', 'client')
  const admin = await signedIn(baseURL, pool, 'audit.admin@example.com', 'admin')
  const created = await expectStatus(
    'a request',
    client.json('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A new site for our bakery in Oaxaca, with online orders and delivery zones.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    }),
    201,
  )
  const id = (created.request as { id: string }).id
  await expectStatus(
    "the client's message",
    client.json('POST', `/api/v1/me/service-requests/${id}/messages`, {
      body: 'Here is what we have in mind: https://example.com/ideas',
      files: [],
    }),
    201,
  )
  await expectStatus(
    "the agency's reply",
    admin.json('POST', `/api/v1/admin/service-requests/${id}/messages`, {
      body: 'Thank you, we will send a proposal this week.',
      files: [],
    }),
    201,
  )
  const draft = await expectStatus(
    'a proposal',
    admin.json('POST', `/api/v1/admin/service-requests/${id}/proposals`, {
      title: 'Online shop for the bakery',
      items: [{ description: 'Design and build', quantity: 1, unitPrice: 1_250_000 }],
      discount: 0,
      scope: 'Design, build and launch.',
      terms: 'Half on acceptance, half on delivery.',
    }),
    201,
  )
  const proposalId = (draft.proposal as { id: string }).id
  await expectStatus(
    'sending the proposal',
    admin.json('POST', `/api/v1/admin/service-requests/${id}/proposals/${proposalId}/send`, {}),
    200,
  )
  const visitor = new Browser(baseURL)
  await visitor.start()
  await expectStatus(
    'an enquiry',
    visitor.json('POST', '/api/v1/contact', {
      name: 'Lucía Hernández',
      email: 'lucia@example.com',
      phone: '',
      company: '',
      service: 'e-commerce',
      budget: '25k-75k',
      message: 'We sell coffee in Puebla and would like an online shop.',
      consent: true,
      website: '',
      elapsedMs: 20_000,
    }),
    201,
  )
  return [
    ...inEachLanguage('/profile', client),
    ...inEachLanguage('/my-services', client),
    ...inEachLanguage(`/my-services/${id}`, client),
    ...inEachLanguage('/admin', admin),
    ...inEachLanguage(`/admin?id=${id}`, admin),
    ...inEachLanguage('/admin?tab=enquiries', admin),
  ]
}

/** The sitemap's pages: one with hreflang alternates is in one language already. */
async function sitemapTargets(baseURL: string): Promise<Target[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text()
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].flatMap(([, entry = '']) => {
    const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? ''
    return inEachLanguage(new URL(loc).pathname, undefined, entry.includes('hreflang'))
  })
}

/**
 * The page's cookies: the session's for a signed-in page, and the chosen language (the
 * server renders a shared address in the app-language cookie's language).
 */
async function setCookies(page: Page, baseURL: string, target: Target) {
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCookies')
  await cdp.detach()
  const cookies = new Map(target.session?.cookies)
  if (target.language) cookies.set('app-language', target.language)
  for (const [name, value] of cookies) await page.setCookie({ name, value, url: baseURL })
}

async function audit(baseURL: string, targets: Target[]): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  const rows: Row[] = []
  try {
    for (const theme of themes) {
      for (const language of [undefined, 'en', 'es'] as const) {
        const page = await browser.newPage()
        // The theme and the language are the stored choices (index.html reads them before
        // first paint).
        await page.evaluateOnNewDocument(
          (themeKey: string, themeValue: string, languageValue: string) => {
            localStorage.setItem(themeKey, themeValue)
            if (languageValue) localStorage.setItem('app-language', languageValue)
          },
          themeStorageKey,
          theme,
          language ?? '',
        )
        for (const target of targets.filter((one) => one.language === language)) {
          rows.push(await auditOne(page, baseURL, target, theme))
        }
        await page.close()
      }
    }
  } finally {
    await browser.disconnect()
    await chrome.kill()
  }
  return rows
}

async function auditOne(page: Page, baseURL: string, target: Target, theme: string): Promise<Row> {
  const language = target.language ?? ''
  await setCookies(page, baseURL, target)
  const result = await lighthouse(
    `${baseURL}${target.path}`,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['accessibility'],
      // Keeps the cookies set above (Lighthouse would clear the origin's storage first).
      disableStorageReset: true,
    },
    config,
    page,
  )
  const lhr = result?.lhr
  if (!lhr || lhr.runtimeError) {
    const reason = lhr?.runtimeError?.message ?? 'no report'
    return { page: target.path, language, theme, score: 0, failed: [`not audited: ${reason}`] }
  }
  // The score means nothing in the wrong theme or language, or signed out (a redirect).
  const shown = await page.evaluate(() => [
    document.documentElement.dataset.theme,
    document.documentElement.lang,
  ])
  const landed = new URL(lhr.finalDisplayedUrl)
  if (
    shown[0] !== theme ||
    (language && !shown[1]?.startsWith(language)) ||
    `${landed.pathname}${landed.search}` !== target.path
  ) {
    throw new Error(`${target.path} (${theme}, ${language}): shown ${landed.href} as ${shown}`)
  }
  const category = lhr.categories.accessibility
  const failed = (category?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit?.details as { items?: { node?: { snippet?: string } }[] })?.items
      const nodes = (items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? '')
        .filter(Boolean)
      return `${audit?.id}${nodes.length > 0 ? `: ${nodes.join(' | ')}` : ''}`
    })
  const score = Math.round((category?.score ?? 0) * 100)
  process.stderr.write(
    `${target.path} (${[language, theme].filter(Boolean).join(', ')}): ${score}\n`,
  )
  return { page: target.path, language, theme, score, failed }
}

/** `--only`: an exact address, or one starting with what comes before a final `*`. */
const matches = (path: string, part: string) =>
  part.endsWith('*') ? path.startsWith(part.slice(0, -1)) : path === part

async function main(): Promise<void> {
  if (!argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BUILD_DIR: buildDir },
    })
    if (build.status !== 0) throw new Error('The build failed')
  }
  process.env.BENCH_BUILD_DIR = buildDir
  let rows: Row[] = []
  await withBenchServer('a11y', async ({ baseURL, pool }) => {
    const targets: Target[] = [
      ...(await sitemapTargets(baseURL)),
      ...(await signedInTargets(baseURL, pool)),
    ].filter((target) => !only || only.some((part) => matches(target.path, part)))
    rows = await audit(baseURL, targets)
  })
  console.log(`\nLighthouse accessibility (${config ? 'desktop' : 'mobile'}), page × theme:`)
  console.table(
    rows.map((row) => ({
      page: row.page,
      language: row.language || '(its own)',
      theme: row.theme,
      score: row.score,
    })),
  )
  const failing = rows.filter((row) => row.score < 100)
  for (const row of failing) {
    console.log(
      `\n${row.page} (${row.language} ${row.theme}) ${row.score}:\n  ${row.failed.join('\n  ')}`,
    )
  }
  if (failing.length > 0) process.exitCode = 1
  else console.log(`\nAll ${rows.length} pages × themes score 100.`)
}

await main()
