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

/** `env`: the browser's environment in place of the test's (typeface.test.ts sets its fonts). */
export function launchChromium(env?: Record<string, string>): Promise<Browser> {
  return chromium.launch({
    executablePath: resolveChromium(),
    args: chromiumArgs,
    ...(env ? { env } : {}),
  })
}
