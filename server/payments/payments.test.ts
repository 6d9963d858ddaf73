import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, agencyDay } from '../../domain/agency-day'
import type {
  AgencyProposal,
  AgencyRecordedPayment,
  RecordedPayment,
  RequestPayments,
} from '../../domain/api/api-contract'
import { isSpeiReference } from '../../domain/payments/payment-folio'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { testBackends } from '../test/test-database'
import { instalmentsFallDue } from './instalment-store'

const speiAccount = {
  bank: 'Banco del Ejemplo',
  beneficiary: 'Puente Digital SA de CV',
  clabe: '032180000118359719',
}

/** 12,500.00 + 3 × 0.33 = 12,500.99 − 1,000.00 = 11,500.99; IVA 1,840.16; total 13,341.15. */
const total = 1_334_115
const draft = {
  title: 'Diseño web',
  items: [
    { description: 'Diseño', quantity: 1, unitPrice: 1_250_000 },
    { description: 'Traducción', quantity: 3, unitPrice: 33 },
  ],
  discount: 100_000,
}
const fiftyFifty = {
  by: 'percent',
  instalments: [
    { percent: 50, due: { on: 'acceptance' } },
    { percent: 50, due: { on: 'status', status: 'delivered' } },
  ],
}

describe.each(testBackends())('payments on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient

  beforeAll(async () => {
    kit = await startAccountKit(backend, { speiAccount })
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const proposalsPath = (requestId: string, rest = '') =>
    `/api/v1/admin/service-requests/${requestId}/proposals${rest}`
  const adminPayments = (requestId: string) =>
    `/api/v1/admin/service-requests/${requestId}/payments`
  const myPayments = (requestId: string) => `/api/v1/me/service-requests/${requestId}/payments`

  /** A client whose request has a sent proposal with `schedule`, and the proposal. */
  async function sentWithPlan(schedule: unknown = fiftyFifty, language: 'en' | 'es' = 'en') {
    const client = await clientWithRequest(kit, { language })
    const created = await admin.post(proposalsPath(client.requestId), {
      ...draft,
      paymentSchedule: schedule,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const proposal = created.body.proposal as AgencyProposal
    const sent = await admin.post(proposalsPath(client.requestId, `/${proposal.id}/send`), {})
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    return { ...client, proposal }
  }

  async function accepted(schedule: unknown = fiftyFifty) {
    const client = await sentWithPlan(schedule)
    const answer = await client.browser.post(
      `/api/v1/me/service-requests/${client.requestId}/proposals/${client.proposal.id}/accept`,
      { fullName: 'Ann Lee', accept: true },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return client
  }

  const agencyView = async (requestId: string) => {
    const answer = await admin.get(adminPayments(requestId))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.payments as RequestPayments<AgencyRecordedPayment>
  }

  async function record(requestId: string, body: Record<string, unknown>) {
    const answer = await admin.post(adminPayments(requestId), {
      paidOn: agencyDay(kit.now()),
      method: 'spei',
      ...body,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body as {
      payment: AgencyRecordedPayment
      payments: RequestPayments<AgencyRecordedPayment>
    }
  }

  it('stores a plan with the draft and shows each instalment in centavos that add up to the total', async () => {
    const { proposal, browser, requestId } = await sentWithPlan()
    expect(proposal.paymentPlan).toEqual({ schedule: fiftyFifty, amounts: [667_057, 667_058] })
    const mine = await browser.get(`/api/v1/me/service-requests/${requestId}/proposals/current`)
    expect((mine.body.proposal as AgencyProposal).paymentPlan?.amounts).toEqual([667_057, 667_058])
    // A revision copies the plan with the rest.
    const revised = await admin.post(proposalsPath(requestId, `/${proposal.id}/revise`), {})
    expect(revised.status).toBe(201)
    expect((revised.body.proposal as AgencyProposal).paymentPlan).toEqual(proposal.paymentPlan)
  })

  it('turns an accepted 50/50 plan into two instalments with folios and SPEI references, the first due', async () => {
    const { requestId, browser } = await accepted()
    const payments = await agencyView(requestId)
    expect(payments).toMatchObject({
      currency: 'MXN',
      total,
      paid: 0,
      outstanding: total,
      credit: 0,
      payments: [],
      spei: speiAccount,
    })
    const [first, second] = payments.instalments
    expect(first).toMatchObject({ position: 1, amount: 667_057, state: 'due', paid: 0 })
    expect(first?.dueAt).not.toBeNull()
    expect(second).toMatchObject({
      position: 2,
      amount: 667_058,
      state: 'scheduled',
      due: { on: 'status', status: 'delivered' },
      dueAt: null,
    })
    for (const instalment of payments.instalments) {
      expect(instalment.folio).toMatch(/^PAG-\d{6}$/)
      expect(isSpeiReference(instalment.speiReference)).toBe(true)
    }
    expect(first?.folio).not.toBe(second?.folio)
    expect(first?.speiReference).not.toBe(second?.speiReference)
    // The client reads the same instalments and where to transfer.
    const mine = await browser.get(myPayments(requestId))
    expect(mine.status).toBe(200)
    // The plan was part of what the client accepted: it is in the sealed content.
    const { rows } = await kit.database.pool.query(
      'SELECT content FROM proposal_acceptances WHERE request_id = $1',
      [requestId],
    )
    expect(JSON.parse(rows[0]?.content).paymentPlan).toEqual({
      schedule: fiftyFifty,
      amounts: [667_057, 667_058],
    })
    expect((mine.body.payments as RequestPayments<RecordedPayment>).instalments).toEqual(
      payments.instalments,
    )
  })

  it('records a partial payment, then the rest, then an overpayment kept as credit; delivery makes the second due and spends the credit', async () => {
    const { requestId, browser } = await accepted()
    const partial = await record(requestId, { amount: 300_000, note: 'Primera transferencia' })
    expect(partial.payment).toMatchObject({
      amount: 300_000,
      credit: 0,
      note: 'Primera transferencia',
    })
    expect(partial.payments.instalments[0]).toMatchObject({
      state: 'partlyPaid',
      paid: 300_000,
      outstanding: 367_057,
    })

    const rest = await record(requestId, { amount: 367_057, method: 'cash' })
    expect(rest.payment.applied).toEqual([
      { folio: partial.payments.instalments[0]?.folio, amount: 367_057 },
    ])
    expect(rest.payments.instalments[0]).toMatchObject({ state: 'paid', outstanding: 0 })
    expect(rest.payments.instalments[0]?.paidAt).not.toBeNull()

    // The second instalment is not due until delivery: all of this is credit.
    const over = await record(requestId, { amount: 100_000 })
    expect(over.payment).toMatchObject({ applied: [], credit: 100_000 })
    expect(over.payments).toMatchObject({ paid: 667_057, outstanding: 667_058, credit: 100_000 })
    expect(over.payments.instalments[1]?.state).toBe('scheduled')

    // Delivery: the instalment due on it falls due, and the credit goes to it.
    const delivered = await admin.post(`/api/v1/admin/service-requests/${requestId}/status`, {
      to: 'delivered',
    })
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200)
    const after = await agencyView(requestId)
    expect(after.instalments[1]).toMatchObject({ state: 'partlyPaid', paid: 100_000 })
    expect(after.instalments[1]?.dueAt).not.toBeNull()
    expect(after).toMatchObject({ paid: 767_057, outstanding: 567_058, credit: 0 })
    // No centavo created or lost: what was received is what the instalments hold plus credit.
    const received = after.payments.reduce((sum, payment) => sum + payment.amount, 0)
    expect(after.paid + after.credit).toBe(received)
    expect(after.payments.map((payment) => payment.amount)).toEqual([100_000, 367_057, 300_000])

    // The client sees their payments, without the agency's notes.
    const mine = (await browser.get(myPayments(requestId))).body
      .payments as RequestPayments<RecordedPayment>
    expect(mine.paid).toBe(767_057)
    for (const payment of mine.payments) expect(payment).not.toHaveProperty('note')

    // The client's export holds the same, request by request.
    const exported = await browser.get('/api/v1/me/export')
    expect(exported.status).toBe(200)
    const stored = exported.body.stored as { payments: { requestId: string; payments: unknown }[] }
    expect(stored.payments).toEqual([{ requestId, payments: { ...mine, spei: null } }])

    // Paying the rest, and more: the request is paid in full and the rest is credit.
    const last = await record(requestId, { amount: 600_000 })
    expect(last.payment).toMatchObject({ credit: 32_942 })
    expect(last.payments).toMatchObject({ paid: total, outstanding: 0, credit: 32_942 })
    expect(last.payments.instalments.map((instalment) => instalment.state)).toEqual([
      'paid',
      'paid',
    ])
  })

  it('allocates two payments recorded at once one after the other: nothing paid twice, nothing lost', async () => {
    const { requestId } = await accepted()
    const today = agencyDay(kit.now())
    const answers = await Promise.all(
      [400_000, 400_000, 400_000].map((amount) =>
        admin.post(adminPayments(requestId), { amount, paidOn: today, method: 'spei' }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    const after = await agencyView(requestId)
    // 667,057 due now: one payment partly, the next the rest and credit, the last all credit.
    expect(after.instalments[0]).toMatchObject({ state: 'paid', paid: 667_057 })
    expect(after).toMatchObject({ paid: 667_057, credit: 1_200_000 - 667_057 })
    const credits = after.payments.map((payment) => payment.credit).sort((a, b) => a - b)
    expect(credits).toEqual([0, 132_943, 400_000])
  })

  it('voids an instalment nothing was paid towards, with a reason, and refuses one that was paid', async () => {
    const { requestId } = await accepted()
    const [first, second] = (await agencyView(requestId)).instalments
    const voidPath = (id: string) => `${adminPayments(requestId)}/instalments/${id}/void`
    const because = { reason: 'Agreed with the client: the balance is waived.' }
    await record(requestId, { amount: 100 })
    const refused = await admin.post(voidPath(first?.id ?? ''), because)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'invalid_transition' })
    // No reason, a blank one, one too long, another field: 400 on `reason`, nothing voided.
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { ...because, x: 1 }]) {
      const answer = await admin.post(voidPath(second?.id ?? ''), body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    const voided = await admin.post(voidPath(second?.id ?? ''), because)
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(voided.body.message).toBe('The instalment has been voided: it is no longer owed.')
    const payments = voided.body.payments as RequestPayments<AgencyRecordedPayment>
    expect(payments.instalments.map((item) => item.state)).toEqual(['partlyPaid', 'void'])
    // What is owed no longer counts the void one.
    expect(payments).toMatchObject({ total: 667_057, paid: 100, outstanding: 666_957 })
    // The reason is kept with the move.
    const { rows } = await kit.database.pool.query<{ reason: string }>(
      `SELECT reason FROM payment_events WHERE instalment_id = $1 AND to_state = 'void'`,
      [second?.id],
    )
    expect(rows.map((row) => row.reason)).toEqual([because.reason])
    expect((await admin.post(voidPath(second?.id ?? ''), because)).status).toBe(409)
    // Another request's instalment, an unknown one, a malformed id: the same 404.
    const other = await accepted()
    const theirs = (await agencyView(other.requestId)).instalments[0]?.id ?? ''
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'x'])
      expect((await admin.post(voidPath(id), because)).status).toBe(404)
  })

  it('shows a client only their own request’s payments, and the admin routes to admins only', async () => {
    const { requestId } = await accepted()
    const other = await clientWithRequest(kit)
    const theirs = await other.browser.get(myPayments(requestId))
    expect(theirs.status).toBe(404)
    expect(theirs.body).toMatchObject({ success: false, code: 'not_found' })
    expect((await other.browser.get(adminPayments(requestId))).status).toBe(403)
    const posted = await other.browser.post(adminPayments(requestId), {
      amount: 100,
      paidOn: agencyDay(kit.now()),
      method: 'spei',
    })
    expect(posted.status).toBe(403)
    // Nothing was recorded.
    expect((await agencyView(requestId)).payments).toEqual([])
  })

  it('answers hostile input with a 4xx and a message, never a 5xx', async () => {
    const { requestId } = await accepted()
    const today = agencyDay(kit.now())
    const bodies: unknown[] = [
      { amount: -100, paidOn: today, method: 'spei' },
      { amount: 0, paidOn: today, method: 'spei' },
      { amount: 10.5, paidOn: today, method: 'spei' },
      { amount: 1e300, paidOn: today, method: 'spei' },
      { amount: Number.MAX_SAFE_INTEGER, paidOn: today, method: 'spei' },
      { amount: '100', paidOn: today, method: 'spei' },
      { amount: 100, paidOn: today, method: 'spei', currency: 'USD' },
      { amount: 100, paidOn: addDays(today, 1), method: 'spei' },
      { amount: 100, paidOn: '2026-02-30', method: 'spei' },
      { amount: 100, paidOn: today, method: 'bitcoin' },
      { amount: 100, paidOn: today, method: 'spei', note: 'x'.repeat(501) },
      { amount: 100, paidOn: today, method: 'spei', instalmentId: requestId },
      `{"amount":100,"paidOn":"${today}","method":"spei","__proto__":{"admin":true}}`,
      [],
      null,
      'amount=100',
      {},
    ]
    for (const body of bodies) {
      const answer = await admin.post(adminPayments(requestId), body, {
        contentType: 'application/json',
      })
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
      expect(typeof answer.body.message).toBe('string')
    }
    const raw = await admin.post(adminPayments(requestId), '{"amount": 1', {
      contentType: 'application/json',
    })
    expect(raw.status).toBe(400)
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      const path = adminPayments(encodeURIComponent(id))
      expect((await admin.get(path)).status).toBe(404)
      const posted = await admin.post(path, { amount: 100, paidOn: today, method: 'spei' })
      expect(posted.status).toBe(404)
    }
    // Hostile plans on the draft: refused with the plan's message, in the caller's language.
    const client = await clientWithRequest(kit)
    const plans: unknown[] = [
      { by: 'percent', instalments: [{ percent: 60, due: { on: 'acceptance' } }] },
      { by: 'percent', instalments: [{ percent: 100.5, due: { on: 'acceptance' } }] },
      { by: 'amount', instalments: [{ amount: total - 1, due: { on: 'acceptance' } }] },
      { by: 'amount', instalments: [{ amount: -total, due: { on: 'acceptance' } }] },
      {
        by: 'amount',
        currency: 'USD',
        instalments: [{ amount: total, due: { on: 'acceptance' } }],
      },
      { by: 'amount', instalments: [{ amount: total, due: { on: 'date', date: today } }] },
      { by: 'amount', instalments: [{ amount: total, due: { on: 'status', status: 'received' } }] },
      {
        by: 'amount',
        instalments: Array.from({ length: 13 }, () => ({ amount: 1, due: { on: 'acceptance' } })),
      },
      { by: 'percent', instalments: 'half and half' },
      'fifty-fifty',
    ]
    for (const paymentSchedule of plans) {
      const answer = await admin.post(proposalsPath(client.requestId), {
        ...draft,
        paymentSchedule,
      })
      expect(answer.status, JSON.stringify(paymentSchedule)).toBe(400)
      expect(answer.body.code).toBe('invalid_fields')
      expect(Object.keys(answer.body.fields as object)).toEqual(['paymentSchedule'])
    }
    admin.cookies.set('app-language', 'es')
    const spanish = await admin.post(proposalsPath(client.requestId), {
      ...draft,
      paymentSchedule: { by: 'percent', instalments: [{ percent: 60, due: { on: 'acceptance' } }] },
    })
    admin.cookies.set('app-language', 'en')
    expect((spanish.body.fields as Record<string, string>).paymentSchedule).toBe(
      'Los porcentajes de un plan de pagos deben sumar 100.',
    )
  })

  it('refuses a payment on a request without a plan (409), and keeps proposals without one as they were', async () => {
    const { requestId, browser } = await clientWithRequest(kit)
    const created = await admin.post(proposalsPath(requestId), draft)
    expect((created.body.proposal as AgencyProposal).paymentPlan).toBeNull()
    const proposal = created.body.proposal as AgencyProposal
    await admin.post(proposalsPath(requestId, `/${proposal.id}/send`), {})
    await browser.post(`/api/v1/me/service-requests/${requestId}/proposals/${proposal.id}/accept`, {
      fullName: 'Ann Lee',
      accept: true,
    })
    const answer = await admin.post(adminPayments(requestId), {
      amount: 100,
      paidOn: agencyDay(kit.now()),
      method: 'spei',
    })
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ code: 'invalid_transition' })
    expect((await agencyView(requestId)).instalments).toEqual([])
  })

  it('makes a dated instalment due on its day, and voids the unpaid when the request is declined', async () => {
    const today = agencyDay(kit.now())
    const { requestId } = await accepted({
      by: 'amount',
      instalments: [
        { amount: 1_000_000, due: { on: 'acceptance' } },
        { amount: total - 1_000_000, due: { on: 'date', date: addDays(today, 10) } },
      ],
    })
    expect((await agencyView(requestId)).instalments.map((item) => item.state)).toEqual([
      'due',
      'scheduled',
    ])
    expect(
      await instalmentsFallDue(kit.database.pool, new Date(kit.now().getTime() + 5 * 864e5)),
    ).toBe(0)
    expect(
      await instalmentsFallDue(kit.database.pool, new Date(kit.now().getTime() + 11 * 864e5)),
    ).toBeGreaterThanOrEqual(1)
    expect((await agencyView(requestId)).instalments[1]?.state).toBe('due')

    const another = await accepted()
    await record(another.requestId, { amount: 1000 })
    const declined = await admin.post(
      `/api/v1/admin/service-requests/${another.requestId}/status`,
      {
        to: 'declined',
      },
    )
    expect(declined.status).toBe(200)
    // The partly paid one stays for the agency to refund; the unpaid one is void.
    expect((await agencyView(another.requestId)).instalments.map((item) => item.state)).toEqual([
      'partlyPaid',
      'void',
    ])
  })
})
