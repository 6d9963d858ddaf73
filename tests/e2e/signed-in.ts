import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { test as base, inject } from 'vitest'
import type { UserRole } from '../../domain/api/api-contract'
import type { SoftwarePasskey } from '../../server/test/software-authenticator'
import { registrationFor } from '../fixtures/registration'
import { type ApiSession, apiSession } from './api-session'
import { launchChromium } from './browser'
import { waitForLink } from './mail-box'
import { addPasskey, signInWithPasskey } from './passkeys'
import { grantAdmin } from './running-database'
import { fromAddress } from './source-address'

/** A browser context of its own, its first page, and what went wrong on that page. */
export type Visitor = {
  readonly context: BrowserContext
  readonly page: Page
  /** Calls the server with this context's cookies (the same session as the page). */
  readonly api: ApiSession
  /** Console errors and uncaught exceptions seen so far on the page. */
  readonly errors: string[]
}

/** A registered, confirmed account signed in in a fresh browser context. */
export type SignedIn = Visitor & {
  readonly email: string
  readonly password: string
  readonly role: UserRole
  /** Another browser context signed in to the same account (another device). */
  signInAgain(options?: BrowserContextOptions): Promise<Visitor>
}

export type AccountOptions = {
  readonly role?: UserRole
  readonly locale?: string
  /**
   * A passkey (of a software authenticator, registered through the API) the account signs in
   * with. Default: an admin has one (the admin API needs a second factor), a client none.
   */
  readonly passkey?: boolean
}

export const accountPassword = 'lantern orbit mango 42'

let accountCount = 0
/** A fresh address for each account a test makes (the address is the account's key). */
function freshEmail(role: UserRole): string {
  accountCount += 1
  return `e2e.${role}.${Date.now()}.${accountCount}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

async function expectStatus(
  what: string,
  answer: Promise<{ status: number; text: string }>,
  status: number,
) {
  const settled = await answer
  if (settled.status !== status)
    throw new Error(`${what}: expected ${status}, got ${settled.status} ${settled.text}`)
}

/**
 * The journeys' fixtures, as Playwright's `test.extend` offers them: one Chromium per file, and
 * per test a fresh visitor (`visit`), a signed-in `client` and a signed-in `admin` (`newAccount`
 * for more). An account is registered through the API, confirmed with the link the real SMTP
 * server received, made admin with `npm run admin:grant` when asked, and signed in through the
 * API in a new browser context: the forms themselves are proven by account.test.ts and
 * registration.test.ts. Every request comes from the file's own address (source-address.ts).
 * `locale` (`en-US` unless `test.override({ locale })` says otherwise) is the browser's language
 * and the account's.
 */
export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchChromium()
    onCleanup(() => browser.close())
    return browser
  })
  .extend('locale', 'en-US')
  .extend('visit', async ({ browser, locale }, { onCleanup }) => {
    const contexts: BrowserContext[] = []
    onCleanup(async () => {
      await Promise.all(contexts.map((context) => context.close()))
    })
    return async (path: string | null, options: BrowserContextOptions = {}): Promise<Visitor> => {
      const context = await browser.newContext({
        baseURL: inject('baseURL'),
        locale,
        ...options,
        // The API calls made outside the page speak the browser's language too (an account
        // takes the language it registered in).
        extraHTTPHeaders: {
          ...fromAddress(),
          'Accept-Language': options.locale ?? locale,
          ...options.extraHTTPHeaders,
        },
      })
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      if (path !== null) await page.goto(path)
      return { context, page, api: apiSession(context.request), errors }
    }
  })
  .extend('newAccount', async ({ visit, locale }) => {
    return async ({
      role = 'client',
      locale: own = locale,
      passkey: withPasskey = role === 'admin',
    }: AccountOptions = {}) => {
      const email = freshEmail(role)
      const password = accountPassword
      let passkey: SoftwarePasskey | undefined
      const signInAgain = async (options: BrowserContextOptions = {}): Promise<Visitor> => {
        const visitor = await visit(null, { locale: own, ...options })
        if (passkey) await signInWithPasskey(visitor.api, passkey)
        else
          await expectStatus(
            `sign-in of ${email}`,
            visitor.api.call('POST', '/api/v1/auth/login', { email, password }),
            200,
          )
        return visitor
      }
      const first = await visit(null, { locale: own })
      await expectStatus(
        `registration of ${email}`,
        first.api.call('POST', '/api/v1/auth/register', { ...registrationFor(email), password }),
        201,
      )
      const token = await waitForLink(email, 'verify-email')
      await expectStatus(
        `confirmation of ${email}`,
        first.api.call('POST', '/api/v1/auth/verify-email', { token }),
        200,
      )
      if (role === 'admin') grantAdmin(email)
      await expectStatus(
        `sign-in of ${email}`,
        first.api.call('POST', '/api/v1/auth/login', { email, password }),
        200,
      )
      if (withPasskey) passkey = await addPasskey(first.api)
      const account: SignedIn = { ...first, email, password, role, signInAgain }
      return account
    }
  })
  .extend('client', async ({ newAccount }) => newAccount({ role: 'client' }))
  .extend('admin', async ({ newAccount }) => newAccount({ role: 'admin' }))

export { describe, expect } from 'vitest'
