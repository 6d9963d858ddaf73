import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointName, endpoints } from '../../domain/api/api-contract'
import { setAccountRole } from '../admin/admin-role'
import { defaultRateRules } from '../http/rate-rules'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { enrolTotp, proveWithCode } from '../test/factor-kit'
import { testBackends } from '../test/test-database'

/**
 * The state-changing endpoints that take no JSON body of the site's: a deletion named by its
 * path, an upload, whose body is the file's own bytes (its type is read from them, not from
 * JSON), and Stripe's webhook, whose raw body is proven by its signature before it is read
 * (anything else is a 400 `invalid_signature`: server/payments/stripe-payments.test.ts).
 */
const bodyless: readonly EndpointName[] = [
  'endSession',
  'disableTotp',
  'removePasskey',
  'uploadFile',
  'stripeWebhook',
]
const jsonEndpoints = (Object.keys(endpoints) as EndpointName[]).filter(
  (name) => endpoints[name].method !== 'GET' && !bodyless.includes(name),
)
const someId = '00000000-0000-4000-8000-000000000000'
const notObjects = ['[]', '"x"', '1', 'null', '[{"name":"Ana"}]', 'true']

const [embedded] = testBackends()

describe('JSON bodies whose top level is not an object', () => {
  let kit: AccountKit
  let browser: ApiClient
  beforeAll(async () => {
    if (!embedded) throw new Error('no test backend')
    // Six bodies for each of 90-odd endpoints, from one address: more than the admin's rate
    // rule allows in its window (a 429 would answer before the body is read).
    kit = await startAccountKit(embedded, {
      rateRules: { accountPerIp: { ...defaultRateRules.accountPerIp, limit: 10_000 } },
    })
    const account = await kit.verifiedAccount('es')
    // An admin, so the admin endpoints reach their body too (and a client's endpoints, as any
    // account may use them).
    await setAccountRole(kit.database.pool, account.email, 'admin')
    browser = await kit.signedIn(account)
    // The admin API needs a second factor, proved in this session (adding it proves none).
    const { secret } = await enrolTotp(kit, browser)
    await proveWithCode(kit, browser, secret)
    browser.cookies.set('app-language', 'es')
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  it('covers every endpoint of the contract that takes a body', () => {
    expect(jsonEndpoints).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'updateProfile',
        'contact',
        'markEnquiryHandled',
      ]),
    )
    expect(jsonEndpoints.length).toBeGreaterThanOrEqual(16)
  })

  it.each(jsonEndpoints)(
    '%s answers 400 invalid_json, translated, and changes nothing',
    async (name) => {
      const endpoint = endpoints[name]
      // Every id of the path well formed (`:id`, `:proposalId`…): a malformed one is a 404 first.
      const path = endpoint.path.replace(/:[A-Za-z]+/g, someId)
      const countOf = async () =>
        (
          await kit.database.pool.query<{ state: string }>(
            `SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM sessions)
             || '/' || (SELECT count(*) FROM contact_enquiries)
             || '/' || (SELECT count(*) FROM service_requests)
             || '/' || (SELECT count(*) FROM mail_outbox) AS state`,
          )
        ).rows[0]?.state
      const before = await countOf()
      for (const body of notObjects) {
        const answer = await browser.send(endpoint.method, path, body)
        expect(answer.status, `${name} ${body}`).toBe(400)
        expect(answer.body, `${name} ${body}`).toEqual({
          success: false,
          code: 'invalid_json',
          message: 'El cuerpo de la solicitud no es un objeto JSON válido.',
          error: 'El cuerpo de la solicitud no es un objeto JSON válido.',
        })
      }
      expect(await countOf()).toBe(before)
      // Still signed in: neither the sign-out nor the deletion ran.
      expect((await browser.get(endpoints.me.path)).status).toBe(200)
    },
  )
})
