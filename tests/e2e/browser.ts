import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Flags that keep Chromium quiet and working in a sandboxed, offline container. */
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own Chromium (installed on
 * demand where the network allows). Never skips silently: without a browser it stops and says
 * how to get one.
 */
export function resolveChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate
  }
  const bundled = chromium.executablePath()
  if (bundled && existsSync(bundled)) return bundled
  try {
    execFileSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit' })
  } catch {
    // reported below
  }
  const installed = chromium.executablePath()
  if (installed && existsSync(installed)) return installed
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install chromium`), ' +
      'or set CHROME_PATH to a Chrome/Chromium binary, or run `npx playwright-core install chromium` where the internet is reachable.',
  )
}

/**
 * A Chromium for a test file. Without `env`, a connection to the run's shared Chromium
 * (tests/e2e/global-setup.ts) when there is one: starting a browser per file costs seconds, and
 * the file's contexts are its own either way (closing this Browser closes them and disconnects,
 * leaving the shared one running). `env`: a browser of its own with that environment in place of
 * the test's (typeface.test.ts sets its fonts).
 */
export function launchChromium(env?: Record<string, string>): Promise<Browser> {
  const shared = process.env[sharedChromiumVariable]
  if (!env && shared) return chromium.connect(shared)
  return chromium.launch({
    executablePath: resolveChromium(),
    args: chromiumArgs,
    ...(env ? { env } : {}),
  })
}

/**
 * Where global-setup.ts puts the shared Chromium's endpoint: in the environment, which every test
 * worker inherits, so launchChromium needs nothing from Vitest (global-setup imports this file).
 */
export const sharedChromiumVariable = 'E2E_CHROMIUM_ENDPOINT'

/** The run's shared Chromium, which files reach through launchChromium(). */
export function launchSharedChromium(): ReturnType<typeof chromium.launchServer> {
  return chromium.launchServer({ executablePath: resolveChromium(), args: chromiumArgs })
}
