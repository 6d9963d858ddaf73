import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  AgencyProposal,
  AgencyRecordedPayment,
  RecordedPayment,
  RequestPayments,
} from '../../domain/api/api-contract'
import { type AccountKit, publicUrl, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { type StandInEvent, type StripeStandIn, startStripeStandIn } from '../test/stripe-stand-in'
import { testBackends } from '../test/test-database'
import { cardPaymentsOf } from './stripe-client'

/**
 * Card and OXXO through Stripe, end to end on real parts: the app on a real database, the
 * official `stripe` library pointed at the local stand-in, webhooks signed by the library's
 * own test helper and sent over HTTP to the app.
 */

const draft = {
  title: 'Diseño web',
  items: [{ description: 'Diseño', quantity: 1, unitPrice: 1_000_000 }],
}
/** 10,000.00 + IVA 1,600.00 = 11,600.00, paid 50/50. */
const half = 580_000
const fiftyFifty = {
  by: 'percent',
  instalments: [
    { percent: 50, due: { on: 'acceptance' } },
    { percent: 50, due: { on: 'status', status: 'delivered' } },
  ],
}

/** Waits for `check` to hold (a webhook Stripe sends after it answers), up to a deadline. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (holds(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(testBackends())('card and OXXO payments through Stripe on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let stripe: StripeStandIn

  beforeAll(async () => {
    stripe = await startStripeStandIn()
    kit = await startAccountKit(backend, {
      cardPayments: cardPaymentsOf(
        {
          secretKey: stripe.secretKey,
          publishableKey: 'pk_test_standin',
          webhookSecret: stripe.webhookSecret,
          apiBase: stripe.url,
        },
        publicUrl,
      ),
    })
    stripe.webhookUrl = `${kit.api.url}/api/v1/payments/stripe/webhook`
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
    await stripe?.close()
  })
  // Every event Stripe sent by itself was taken (a 5xx would have Stripe retry it for days).
  afterEach(() => {
    expect(stripe.refusedDeliveries).toEqual([])
  })

  const instalmentPath = (requestId: string, instalmentId: string, action: string) =>
    `/api/v1/me/service-requests/${requestId}/payments/instalments/${instalmentId}/${action}`
  const refundPath = (requestId: string, instalmentId: string) =>
    `/api/v1/admin/service-requests/${requestId}/payments/instalments/${instalmentId}/refund`

  /** A client whose 50/50 proposal is accepted: the deposit due, the balance scheduled. */
  async function accepted() {
    const client = await clientWithRequest(kit)
    const base = `/api/v1/admin/service-requests/${client.requestId}/proposals`
    const created = await admin.post(base, { ...draft, paymentSchedule: fiftyFifty })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const proposal = created.body.proposal as AgencyProposal
    expect((await admin.post(`${base}/${proposal.id}/send`, {})).status).toBe(200)
    const answer = await client.browser.post(
      `/api/v1/me/service-requests/${client.requestId}/proposals/${proposal.id}/accept`,
      { fullName: 'Ann Lee', accept: true },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const payments = await mine(client.browser, client.requestId)
    const [deposit, balance] = payments.instalments
    if (!deposit || !balance) throw new Error('no instalments')
    return { ...client, deposit, balance }
  }

  async function mine(browser: ApiClient, requestId: string) {
    const answer = await browser.get(`/api/v1/me/service-requests/${requestId}/payments`)
    expect(answer.status).toBe(200)
    return answer.body.payments as RequestPayments<RecordedPayment>
  }

  async function agencyView(requestId: string) {
    const answer = await admin.get(`/api/v1/admin/service-requests/${requestId}/payments`)
    expect(answer.status).toBe(200)
    return answer.body.payments as RequestPayments<AgencyRecordedPayment>
  }

  /** The client's click: Stripe's page for the instalment, and the session's id. */
  async function checkout(browser: ApiClient, requestId: string, instalmentId: string) {
    const answer = await browser.post(instalmentPath(requestId, instalmentId, 'checkout'), {})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const url = answer.body.url as string
    expect(url.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true)
    return { url, sessionId: url.split('/').pop() ?? '' }
  }

  const appliedEvents = async () =>
    Number(
      (await kit.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM stripe_events'))
        .rows[0]?.n,
    )

  it('records a card payment once from its signed webhook; a replayed or forged event changes nothing', async () => {
    const { browser, requestId, deposit } = await accepted()
    expect((await mine(browser, requestId)).onlinePayments).toBe(true)
    const calls = stripe.calls.length
    const first = await checkout(browser, requestId, deposit.id)
    // A second click: the same open page, no second session.
    expect((await checkout(browser, requestId, deposit.id)).url).toBe(first.url)
    expect(
      stripe.calls.slice(calls).filter((call) => call === 'POST /v1/checkout/sessions'),
    ).toHaveLength(1)
    const session = stripe.session(first.sessionId)
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'mxn',
      amount_total: half,
      allowed_payment_method_types: ['card', 'oxxo'],
      metadata: { instalmentId: deposit.id, folio: deposit.folio, requestId },
      client_reference_id: deposit.id,
    })
    expect(String(session?.success_url)).toBe(
      `${publicUrl}/my-services/${requestId}?payment=done#payments-heading`,
    )

    // A forged "completed" for the open session: refused before anything is read or stored.
    const before = await appliedEvents()
    const forged = {
      id: 'evt_test_forged',
      type: 'checkout.session.completed',
      body: JSON.stringify({
        id: 'evt_test_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
      }),
    }
    const wrongSecret = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`
    expect(await stripe.deliver(forged, wrongSecret)).toBe(400)
    expect(await stripe.deliver(forged, '')).toBe(400)
    // Signed, but ten minutes old: past the tolerance.
    expect(
      await stripe.deliver(forged, stripe.sign(forged.body, Math.floor(Date.now() / 1000) - 600)),
    ).toBe(400)
    expect(await appliedEvents()).toBe(before)
    expect((await agencyView(requestId)).payments).toEqual([])

    // Paid on Stripe's page: two events (the session completed, the intent succeeded), one payment.
    const sent = await stripe.payByCard(first.sessionId)
    expect(sent.map((item) => item.type)).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ])
    const paid = await agencyView(requestId)
    expect(paid.payments).toHaveLength(1)
    expect(paid.payments[0]).toMatchObject({
      amount: half,
      method: 'card',
      credit: 0,
      refund: null,
    })
    expect(paid.instalments[0]).toMatchObject({ state: 'paid', paid: half, outstanding: 0 })
    expect(paid.credit).toBe(0)

    // The same signed bodies again (Stripe's retries, or anyone replaying them): nothing moves.
    const applied = await appliedEvents()
    for (const item of sent) expect(await stripe.deliver(item)).toBe(200)
    expect(await appliedEvents()).toBe(applied)
    // A body altered after signing does not verify.
    const altered = {
      ...forged,
      body: (sent[0] as StandInEvent).body.replace(/"id": "evt_/, '"id": "evt_x'),
    }
    expect(await stripe.deliver(altered, stripe.sign((sent[0] as StandInEvent).body))).toBe(400)
    expect(await agencyView(requestId)).toEqual(paid)
    // Nothing is owed on it now: the page is not opened again.
    const again = await browser.post(instalmentPath(requestId, deposit.id, 'checkout'), {})
    expect(again.status).toBe(409)
  })

  it('shows an OXXO voucher until it is paid; a late event does not undo the payment', async () => {
    const { browser, requestId, deposit } = await accepted()
    const { sessionId } = await checkout(browser, requestId, deposit.id)
    await stripe.chooseOxxo(sessionId, { deliver: false })
    const [chosen] = stripe.events.slice(-1) as [StandInEvent]
    expect(await stripe.deliver(chosen)).toBe(200)
    const pending = await mine(browser, requestId)
    expect(pending.instalments[0]?.state).toBe('due')
    const voucher = pending.instalments[0]?.oxxoVoucher
    expect(voucher?.number).toMatch(/^\d{14}$/)
    expect(Date.parse(voucher?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 2 * 24 * 3600_000)
    expect(voucher?.url).toContain(`${stripe.url}/vouchers/pi_test_`)
    expect(pending.payments).toEqual([])

    // Paid at the shop; the events arrive the other way round: the intent first, the session after.
    const [sessionPaid, intentPaid] = await stripe.oxxoPaid(sessionId, { deliver: false })
    if (!sessionPaid || !intentPaid) throw new Error('no events')
    expect(await stripe.deliver(intentPaid)).toBe(200)
    const settled = await mine(browser, requestId)
    expect(settled.instalments[0]).toMatchObject({ state: 'paid', paid: half, oxxoVoucher: null })
    expect(settled.payments.map((payment) => [payment.method, payment.amount])).toEqual([
      ['oxxo', half],
    ])
    // The session's own event, and the "voucher chosen" one delivered once more: nothing changes.
    expect(await stripe.deliver(sessionPaid)).toBe(200)
    expect(await stripe.deliver(chosen)).toBe(200)
    expect(await mine(browser, requestId)).toEqual(settled)
  })

  it('leaves the instalment due when the OXXO voucher expires, and it can be paid again', async () => {
    const { browser, requestId, deposit } = await accepted()
    const { sessionId, url } = await checkout(browser, requestId, deposit.id)
    await stripe.chooseOxxo(sessionId)
    expect((await mine(browser, requestId)).instalments[0]?.oxxoVoucher).not.toBeNull()
    await stripe.oxxoExpired(sessionId)
    const expired = await mine(browser, requestId)
    expect(expired.instalments[0]).toMatchObject({ state: 'due', paid: 0, oxxoVoucher: null })
    expect(expired.payments).toEqual([])
    // A new page for the balance, paid by card this time.
    const next = await checkout(browser, requestId, deposit.id)
    expect(next.url).not.toBe(url)
    await stripe.payByCard(next.sessionId)
    expect((await mine(browser, requestId)).instalments[0]?.state).toBe('paid')
  })

  it('refunds a card payment with a reason through Stripe, once Stripe confirms it', async () => {
    const { browser, requestId, deposit, balance } = await accepted()
    // Not paid yet: nothing to refund.
    expect(
      (await admin.post(refundPath(requestId, deposit.id), { reason: 'Cancelled' })).status,
    ).toBe(409)
    const { sessionId } = await checkout(browser, requestId, deposit.id)
    await stripe.payByCard(sessionId)
    // The client may not refund; a reason is required; another instalment has no card payment.
    expect((await browser.post(refundPath(requestId, deposit.id), { reason: 'x' })).status).toBe(
      403,
    )
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'x', amount: 1 },
    ])
      expect((await admin.post(refundPath(requestId, deposit.id), body)).status).toBe(400)
    expect((await admin.post(refundPath(requestId, balance.id), { reason: 'x' })).status).toBe(409)

    // Two admins at once: one refund asked of Stripe, the other refused (the reason is claimed first).
    const before = stripe.calls.filter((call) => call === 'POST /v1/refunds').length
    const asked = await Promise.all(
      ['The project was cancelled', 'Cancelled too'].map((reason) =>
        admin.post(refundPath(requestId, deposit.id), { reason }),
      ),
    )
    expect(asked.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(stripe.calls.filter((call) => call === 'POST /v1/refunds')).toHaveLength(before + 1)
    const reason = asked[0]?.status === 200 ? 'The project was cancelled' : 'Cancelled too'
    const refunded = await eventually(
      () => agencyView(requestId),
      (view) => view.instalments[0]?.state === 'refunded',
    )
    expect(refunded.instalments[0]?.state).toBe('refunded')
    expect(refunded.payments[0]?.refund?.reason).toBe(reason)
    expect(refunded.payments[0]?.refund?.refundedAt).not.toBeNull()
    // The money left: no credit, nothing counted as paid.
    expect(refunded).toMatchObject({ credit: 0, paid: 0 })
    // Twice: refused, and Stripe is not asked again.
    const refundCalls = stripe.calls.filter((call) => call === 'POST /v1/refunds').length
    expect((await admin.post(refundPath(requestId, deposit.id), { reason: 'again' })).status).toBe(
      409,
    )
    expect(stripe.calls.filter((call) => call === 'POST /v1/refunds')).toHaveLength(refundCalls)
    // The charge.refunded event replayed: nothing moves.
    const refundEvent = stripe.events.filter((item) => item.type === 'charge.refunded').pop()
    if (!refundEvent) throw new Error('no refund event')
    expect(await stripe.deliver(refundEvent)).toBe(200)
    expect(await agencyView(requestId)).toEqual(refunded)
  })

  it('answers hostile calls with a 4xx: another client, a wrong state, an amount from the client', async () => {
    const { browser, requestId, deposit, balance } = await accepted()
    const other = await accepted()
    const statuses = [
      // Another client's instalment, or one of another request: the same 404 as an unknown one.
      (await other.browser.post(instalmentPath(requestId, deposit.id, 'checkout'), {})).status,
      (await browser.post(instalmentPath(requestId, other.deposit.id, 'checkout'), {})).status,
      (await browser.post(instalmentPath(requestId, 'not-a-uuid', 'checkout'), {})).status,
      (await browser.post(instalmentPath(other.requestId, other.deposit.id, 'checkout'), {}))
        .status,
    ]
    expect(statuses).toEqual([404, 404, 404, 404])
    // Not due yet: 409.
    expect((await browser.post(instalmentPath(requestId, balance.id, 'checkout'), {})).status).toBe(
      409,
    )
    // An amount (or anything else) in the body is refused: the amount is the server's.
    for (const body of [{ amount: 1 }, { amount: -5, currency: 'usd' }, { unitAmount: 1e300 }]) {
      const answer = await browser.post(instalmentPath(requestId, deposit.id, 'checkout'), body)
      expect(answer.status).toBe(400)
    }
    // Without the XSRF token: 403; signed out: 401.
    const noXsrf = await browser.post(
      instalmentPath(requestId, deposit.id, 'checkout'),
      {},
      {
        xsrf: false,
      },
    )
    expect(noXsrf.status).toBe(403)
    // The webhook: no signature, garbage, a huge body: all 4xx.
    const hook = `${kit.api.url}/api/v1/payments/stripe/webhook`
    const garbage = await fetch(hook, {
      method: 'POST',
      body: '{not json',
      headers: { 'stripe-signature': stripe.sign('{not json') },
    })
    expect(garbage.status).toBe(400)
    const huge = await fetch(hook, {
      method: 'POST',
      body: 'x'.repeat(300 * 1024),
      headers: { 'stripe-signature': 'x' },
    })
    expect(huge.status).toBe(413)
    // And the page that opens is for the server's amount, whatever was tried.
    const { sessionId } = await checkout(browser, requestId, deposit.id)
    expect(stripe.session(sessionId)?.amount_total).toBe(half)
  })
})
