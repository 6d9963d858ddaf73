import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencyDay } from '../../domain/agency-day'
import type { AgencyProposal, MyServiceRequest } from '../../domain/api/api-contract'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { agencyAdmin, type ClientWithRequest, clientWithRequest } from '../test/request-kit'
import { testBackends } from '../test/test-database'

/** 10,000.00 + IVA 1,600.00, paid half on acceptance and half on delivery. */
const draft = {
  title: 'Diseño web',
  items: [{ description: 'Diseño', quantity: 1, unitPrice: 1_000_000 }],
  discount: 0,
  paymentSchedule: {
    by: 'percent',
    instalments: [
      { percent: 50, due: { on: 'acceptance' } },
      { percent: 50, due: { on: 'status', status: 'delivered' } },
    ],
  },
}
const day = 24 * 60 * 60 * 1000

describe.each(testBackends())("the client's list at a glance on $name", (backend) => {
  let kit: AccountKit
  let admin: ApiClient

  beforeAll(async () => {
    kit = await startAccountKit(backend, {
      speiAccount: {
        bank: 'Banco del Ejemplo',
        beneficiary: 'Puente Digital SA de CV',
        clabe: '032180000118359719',
      },
    })
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const proposalsPath = (requestId: string, rest = '') =>
    `/api/v1/admin/service-requests/${requestId}/proposals${rest}`

  async function glance(client: ClientWithRequest) {
    const answer = await client.browser.get('/api/v1/me/service-requests')
    expect(answer.status).toBe(200)
    const rows = answer.body.requests as MyServiceRequest[]
    const row = rows.find((one) => one.id === client.requestId)
    return { proposal: row?.proposal, amountDue: row?.amountDue }
  }

  async function send(client: ClientWithRequest, body: Record<string, unknown> = draft) {
    const created = await admin.post(proposalsPath(client.requestId), body)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const proposal = created.body.proposal as AgencyProposal
    const sent = await admin.post(proposalsPath(client.requestId, `/${proposal.id}/send`), {})
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    return proposal
  }

  it('shows no proposal and nothing due, then the sent proposal, then what its plan asks now', async () => {
    const client = await clientWithRequest(kit)
    expect(await glance(client)).toEqual({ proposal: null, amountDue: 0 })

    // A draft is the agency's: the client's list does not show it.
    const created = await admin.post(proposalsPath(client.requestId), draft)
    expect(created.status).toBe(201)
    expect(await glance(client)).toEqual({ proposal: null, amountDue: 0 })
    const proposal = created.body.proposal as AgencyProposal
    expect(
      (await admin.post(proposalsPath(client.requestId, `/${proposal.id}/send`), {})).status,
    ).toBe(200)
    expect(await glance(client)).toEqual({
      proposal: {
        version: 1,
        state: 'sent',
        total: 1_160_000,
        validUntil: proposal.validUntil,
      },
      amountDue: 0,
    })

    const accepted = await client.browser.post(
      `/api/v1/me/service-requests/${client.requestId}/proposals/${proposal.id}/accept`,
      { fullName: 'Ann Lee', accept: true },
    )
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(await glance(client)).toMatchObject({
      proposal: { version: 1, state: 'accepted' },
      amountDue: 580_000,
    })

    // A partial payment leaves the rest of the deposit due.
    const paid = await admin.post(`/api/v1/admin/service-requests/${client.requestId}/payments`, {
      amount: 100_000,
      paidOn: agencyDay(kit.now()),
      method: 'spei',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect((await glance(client)).amountDue).toBe(480_000)
  })

  it('reads a sent proposal past its last valid day as expired, and another client sees none of it', async () => {
    const client = await clientWithRequest(kit)
    const today = agencyDay(kit.now())
    const proposal = await send(client, { ...draft, validUntil: today })
    expect((await glance(client)).proposal?.state).toBe('sent')
    // Its last valid day was yesterday (the stored day moved back, as a day passing would).
    const yesterday = agencyDay(new Date(kit.now().getTime() - day))
    await kit.database.pool.query('UPDATE proposals SET valid_until = $2 WHERE id = $1', [
      proposal.id,
      yesterday,
    ])
    expect((await glance(client)).proposal).toMatchObject({
      version: 1,
      state: 'expired',
      validUntil: yesterday,
    })

    // Another client's list shows none of it.
    const other = await clientWithRequest(kit)
    expect(await glance(other)).toEqual({ proposal: null, amountDue: 0 })
  })
})
