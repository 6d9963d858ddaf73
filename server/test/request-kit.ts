import { expect } from 'vitest'
import { setAccountRole } from '../admin/admin-role'
import type { AccountKit, TestAccount } from './account-kit'
import type { ApiClient } from './api-harness'
import { signedInAdmin } from './factor-kit'

/**
 * The two sides of a service request, for the tests of what happens on one (its status, its
 * workspace, its files, its proposals): the agency's admin and a client who has asked for work.
 */

const requestsPath = '/api/v1/me/service-requests'

/** A brief the form accepts. */
export type RequestBrief = {
  readonly serviceId: string
  readonly need: string
  readonly desiredStart: string
  readonly budget: string
}

export const bakeryBrief: RequestBrief = {
  serviceId: 'web-design',
  need: 'A new website for our bakery, with an order form.',
  desiredStart: 'within-1-month',
  budget: '25k-75k',
}

/** The signed-in account's user id. */
export async function userIdOf(browser: ApiClient): Promise<string> {
  return ((await browser.get('/api/v1/me')).body.user as { id: string }).id
}

/**
 * The agency at work: a new account made admin, signed in with its second factor (the admin
 * API refuses a password-only session).
 */
export async function agencyAdmin(
  kit: AccountKit,
): Promise<{ readonly admin: ApiClient; readonly adminId: string }> {
  const account = await kit.verifiedAccount()
  await setAccountRole(kit.database.pool, account.email, 'admin')
  const admin = await signedInAdmin(kit, account)
  return { admin, adminId: await userIdOf(admin) }
}

export type ClientWithRequest = {
  readonly account: TestAccount
  /** The client's browser, signed in, its language cookie set. */
  readonly browser: ApiClient
  /** The client's user id. */
  readonly id: string
  readonly requestId: string
}

type ClientChoice = { readonly language?: 'en' | 'es'; readonly remember?: boolean }

/** A new client, signed in and speaking `language`. */
export async function signedInClient(
  kit: AccountKit,
  { language = 'en', remember = false }: ClientChoice = {},
): Promise<Omit<ClientWithRequest, 'requestId'>> {
  const account = await kit.verifiedAccount(language)
  const browser = await kit.signedIn(account, { remember })
  browser.cookies.set('app-language', language)
  return { account, browser, id: await userIdOf(browser) }
}

/** A new client, signed in and speaking `language`, who has just sent `brief`. */
export async function clientWithRequest(
  kit: AccountKit,
  { brief = bakeryBrief, ...choice }: ClientChoice & { readonly brief?: RequestBrief } = {},
): Promise<ClientWithRequest> {
  const client = await signedInClient(kit, choice)
  const created = await client.browser.post(requestsPath, brief)
  expect(created.status).toBe(201)
  return { ...client, requestId: (created.body.request as { id: string }).id }
}
