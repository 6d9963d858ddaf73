import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminServiceRequestList,
  AgencyProposal,
  Proposal,
  StoredAccountData,
} from '../../domain/api/api-contract'
import { agencyDay } from '../../domain/requests/proposal-dates'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { getBytes } from '../test/event-stream'
import { pdfText } from '../test/pdf-text'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { testBackends } from '../test/test-database'
import { proposalContentText } from './proposal-content'
import { expireProposals } from './proposal-moves'

const agencyEmail = 'proposals@agency.example'
const requestsPath = '/api/v1/me/service-requests'
const missingId = '00000000-0000-4000-8000-000000000000'
const day = 24 * 60 * 60 * 1000

const draft = {
  title: 'Diseño web – Año 1',
  items: [
    { description: 'Diseño de la página ¿Quiénes somos?', quantity: 1, unitPrice: 1_250_000 },
    { description: 'Müller Straße – traducción', quantity: 3, unitPrice: 33 },
  ],
  discount: 100_000,
  scope: 'Cinco páginas – diseño y desarrollo.',
  terms: '50 % al aceptar, 50 % a la entrega.',
}

describe.each(testBackends())('proposals on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient

  beforeAll(async () => {
    kit = await startAccountKit(backend, { agencyEmail })
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const q = (sql: string, values: unknown[] = []) => kit.database.pool.query(sql, values)

  const client = (language: 'en' | 'es' = 'en') =>
    clientWithRequest(kit, { language, remember: true })

  const adminPath = (requestId: string, rest = '') =>
    `/api/v1/admin/service-requests/${requestId}/proposals${rest}`
  const myPath = (requestId: string, rest = '') => `${requestsPath}/${requestId}/proposals${rest}`

  async function created(requestId: string, body: unknown = draft): Promise<AgencyProposal> {
    const answer = await admin.post(adminPath(requestId), body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.proposal as AgencyProposal
  }
  async function sent(requestId: string, body: unknown = draft): Promise<AgencyProposal> {
    const proposal = await created(requestId, body)
    const answer = await admin.post(adminPath(requestId, `/${proposal.id}/send`), {})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.proposal as AgencyProposal
  }
  const requestStatus = async (requestId: string) =>
    (await q('SELECT status FROM service_requests WHERE id = $1', [requestId])).rows[0]?.status

  it('computes the totals on the server: IVA 16 % on the subtotal after the discount, half up', async () => {
    const { requestId } = await client()
    const proposal = await created(requestId)
    // 12,500.00 + 3 × 0.33 = 12,500.99; − 1,000.00 = 11,500.99; IVA 1,840.1584 → 1,840.16.
    expect(proposal).toMatchObject({
      version: 1,
      state: 'draft',
      subtotal: 1_250_099,
      discount: 100_000,
      ivaPercent: 16,
      iva: 184_016,
      total: 1_334_115,
      currency: 'MXN',
      actions: ['edit', 'send'],
    })
    expect(proposal.items.map((item) => item.amount)).toEqual([1_250_000, 99])
    expect(proposal.validUntil).toBe(agencyDay(new Date(kit.now().getTime() + 30 * day)))

    const edit = (body: unknown) =>
      admin.send('PATCH', adminPath(requestId, `/${proposal.id}`), body)
    const cent = await edit({
      title: 'Un centavo',
      items: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    })
    expect(cent.body.proposal).toMatchObject({ subtotal: 1, iva: 0, total: 1 })
    // 0.22 × 16 % = 0.0352: rounds up to 0.04.
    const up = await edit({
      title: 'Redondeo',
      items: [{ description: 'x', quantity: 1, unitPrice: 22 }],
    })
    expect(up.body.proposal).toMatchObject({ subtotal: 22, iva: 4, total: 26 })
    const largest = await edit({
      title: 'Máximo',
      items: [{ description: 'x', quantity: 999, unitPrice: 99_999_999 }],
    })
    expect(largest.body.proposal).toMatchObject({
      subtotal: 99_899_999_001,
      iva: 15_983_999_840,
      total: 115_883_998_841,
    })
    const tooMuch = await edit({ ...draft, discount: 1_250_100 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.fields).toEqual({
      discount: 'The discount cannot be larger than the subtotal.',
    })
    const fraction = await edit({
      title: 'x',
      items: [{ description: 'x', quantity: 1, unitPrice: 0.5 }],
    })
    expect(fraction.status).toBe(400)
    const stored = await q('SELECT total FROM proposals WHERE id = $1', [proposal.id])
    expect(stored.rows[0]?.total).toBe('115883998841')
  })

  it('sends, is declined with a reason, revised and accepted: the request follows each step, with history and mails', async () => {
    const { account, browser, requestId } = await client('es')
    const v1 = await sent(requestId)
    expect(v1).toMatchObject({ state: 'sent', current: true, actions: ['withdraw'] })
    expect(await requestStatus(requestId)).toBe('proposalSent')
    const mail = await kit.smtp.waitForMail(account.email, 10_000, (m) =>
      m.subject.includes('propuesta'),
    )
    expect(mail.subject).toBe('Tienes una nueva propuesta – Puente Digital')
    expect(mail.text).toContain('Hola, Marta:')
    expect(mail.text).toContain(`${kit.publicUrl}/my-services/${requestId}#proposal-heading`)
    expect(mail.text).toContain('$13,341.15')
    // The valid-until day as the page writes it in the client's language, not 2026-12-26.
    expect(mail.text).toMatch(/\d{1,2} de [a-z]+ de \d{4}/)
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/)

    const current = await browser.get(myPath(requestId, '/current'))
    expect(current.status).toBe(200)
    expect(current.body.proposal).toMatchObject({
      id: v1.id,
      state: 'sent',
      actions: ['accept', 'decline'],
      acceptance: null,
    })
    expect(current.body.proposal).not.toHaveProperty('updatedAt')

    const declined = await browser.post(myPath(requestId, `/${v1.id}/decline`), {
      reason: 'El presupuesto es alto para este año.',
    })
    expect(declined.status).toBe(200)
    expect(declined.body.message).toBe(
      'Rechazaste la propuesta. Ya recibimos el aviso y nos pondremos en contacto contigo.',
    )
    expect(declined.body.proposal).toMatchObject({
      state: 'declined',
      reason: 'El presupuesto es alto para este año.',
    })
    expect(await requestStatus(requestId)).toBe('inReview')
    const declinedMail = await kit.smtp.waitForMail(agencyEmail, 10_000, (m) =>
      m.text.includes('El presupuesto es alto'),
    )
    expect(declinedMail.subject).toContain('Propuesta rechazada')

    const revised = await admin.post(adminPath(requestId, `/${v1.id}/revise`), {})
    expect(revised.status).toBe(201)
    const v2 = revised.body.proposal as AgencyProposal
    expect(v2).toMatchObject({ version: 2, state: 'draft', title: draft.title, total: v1.total })
    // The client never sees a draft.
    expect((await browser.get(myPath(requestId, `/${v2.id}/pdf`))).status).toBe(404)
    const edited = await admin.send('PATCH', adminPath(requestId, `/${v2.id}`), {
      ...draft,
      discount: 200_000,
    })
    expect(edited.status).toBe(200)
    const sentV2 = await admin.post(adminPath(requestId, `/${v2.id}/send`), {})
    expect(sentV2.status).toBe(200)
    expect(await requestStatus(requestId)).toBe('proposalSent')

    const accepted = await browser.post(
      myPath(requestId, `/${v2.id}/accept`),
      { fullName: 'Ana Pérez Núñez', accept: true },
      { headers: { 'user-agent': 'ProposalTest/1.0' } },
    )
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const proposal = accepted.body.proposal as Proposal
    expect(proposal.state).toBe('accepted')
    expect(proposal.acceptance?.fullName).toBe('Ana Pérez Núñez')
    expect(await requestStatus(requestId)).toBe('inProgress')

    const record = await q(
      `SELECT full_name, ip_address, user_agent, content, content_sha256, client_email,
         retain_until = accepted_at + interval '5 years' AS kept FROM proposal_acceptances WHERE proposal_id = $1`,
      [v2.id],
    )
    const row = record.rows[0]
    expect(row).toMatchObject({
      full_name: 'Ana Pérez Núñez',
      ip_address: browser.address,
      user_agent: 'ProposalTest/1.0',
      client_email: account.email,
    })
    expect(row.kept).toBe(true)
    const agencyView = (await admin.get(adminPath(requestId))).body.proposals as AgencyProposal[]
    const acceptedV2 = agencyView.find((item) => item.id === v2.id)
    expect(row.content).toBe(
      proposalContentText({ ...(acceptedV2 as AgencyProposal), requestId, paymentSchedule: null }),
    )
    expect(row.content_sha256).toBe(createHash('sha256').update(row.content).digest('hex'))
    expect(proposal.acceptance?.contentSha256).toBe(row.content_sha256)
    expect(acceptedV2?.acceptance).toMatchObject({
      ipAddress: browser.address,
      userAgent: 'ProposalTest/1.0',
    })
    await kit.smtp.waitForMail(agencyEmail, 10_000, (m) => m.subject.includes('Propuesta aceptada'))

    // Every change is a history row, of the request and of each version.
    const history = await q(
      `SELECT from_status, to_status, by_role FROM service_request_history
       WHERE request_id = $1 ORDER BY created_at, id`,
      [requestId],
    )
    expect(history.rows.map((h) => [h.from_status, h.to_status, h.by_role])).toEqual([
      [null, 'received', 'client'],
      ['received', 'proposalSent', 'agency'],
      ['proposalSent', 'inReview', 'client'],
      ['inReview', 'proposalSent', 'agency'],
      ['proposalSent', 'inProgress', 'client'],
    ])
    const events = await q(
      `SELECT p.version, e.from_state, e.to_state FROM proposal_events e
       JOIN proposals p ON p.id = e.proposal_id WHERE p.request_id = $1 ORDER BY e.id`,
      [requestId],
    )
    expect(events.rows.map((e) => [e.version, e.from_state, e.to_state])).toEqual([
      [1, null, 'draft'],
      [1, 'draft', 'sent'],
      [1, 'sent', 'declined'],
      [2, null, 'draft'],
      [2, 'draft', 'draft'],
      [2, 'draft', 'sent'],
      [2, 'sent', 'accepted'],
    ])
  })

  it('answers every change the machines refuse with 409, translated', async () => {
    const { browser, requestId } = await client()
    const draftOne = await created(requestId)
    expect((await admin.post(adminPath(requestId), draft)).body).toMatchObject({
      code: 'invalid_transition',
      message: 'This request already has a draft proposal: edit or send that one.',
    })
    const withdrawDraft = await admin.post(adminPath(requestId, `/${draftOne.id}/withdraw`), {})
    expect(withdrawDraft.status).toBe(409)
    const reviseDraft = await admin.post(adminPath(requestId, `/${draftOne.id}/revise`), {})
    expect(reviseDraft.status).toBe(409)
    await admin.post(adminPath(requestId, `/${draftOne.id}/send`), {})
    for (const [method, rest, body] of [
      ['PATCH', '', draft],
      ['POST', '/send', {}],
    ] as const) {
      const answer = await admin.send(method, adminPath(requestId, `/${draftOne.id}${rest}`), body)
      expect(answer.status).toBe(409)
      expect(answer.body.message).toBe(
        'Only a draft can be edited or sent; this proposal has already been sent.',
      )
    }
    // Nobody moves a request to "Proposal sent" or "In progress" by hand.
    const byHand = await admin.post(`/api/v1/admin/service-requests/${requestId}/status`, {
      to: 'inProgress',
    })
    expect(byHand.status).toBe(409)
    const accepted = await browser.post(myPath(requestId, `/${draftOne.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    expect(accepted.status).toBe(200)
    const twice = await browser.post(myPath(requestId, `/${draftOne.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This proposal has already been answered.')
    expect((await browser.post(myPath(requestId, `/${draftOne.id}/decline`), {})).status).toBe(409)
    expect((await admin.post(adminPath(requestId, `/${draftOne.id}/withdraw`), {})).status).toBe(
      409,
    )
    const afterAcceptance = await admin.post(adminPath(requestId), draft)
    expect(afterAcceptance.body.message).toBe(
      'This request cannot take a proposal any more: it is in progress or closed.',
    )
    const noTick = await browser.post(myPath(requestId, `/${draftOne.id}/accept`), {
      fullName: 'Ann Lee',
      accept: false,
    })
    expect(noTick.status).toBe(400)
  })

  it('answers 410 to an answer on a superseded or withdrawn version, and the Spanish message', async () => {
    const { browser, requestId } = await client('es')
    const v1 = await sent(requestId)
    const v2 = (await admin.post(adminPath(requestId, `/${v1.id}/revise`), {})).body
      .proposal as AgencyProposal
    // Only the newest version is revised.
    expect((await admin.post(adminPath(requestId, `/${v1.id}/revise`), {})).status).toBe(409)
    await admin.post(adminPath(requestId, `/${v2.id}/send`), {})
    expect(await requestStatus(requestId)).toBe('proposalSent')
    const old = await browser.post(myPath(requestId, `/${v1.id}/accept`), {
      fullName: 'Ana',
      accept: true,
    })
    expect(old.status).toBe(410)
    expect(old.body).toMatchObject({
      code: 'proposal_closed',
      message: 'Se envió una versión más reciente de esta propuesta: lee y responde esa.',
    })
    const list = (await browser.get(myPath(requestId))).body.proposals as Proposal[]
    expect(list.map((p) => [p.version, p.state, p.current])).toEqual([
      [2, 'sent', true],
      [1, 'superseded', false],
    ])
    const withdrawn = await admin.post(adminPath(requestId, `/${v2.id}/withdraw`), {
      reason: 'Precio equivocado.',
    })
    expect(withdrawn.status).toBe(200)
    expect(await requestStatus(requestId)).toBe('inReview')
    const late = await browser.post(myPath(requestId, `/${v2.id}/decline`), {})
    expect(late.status).toBe(410)
    expect(late.body.code).toBe('proposal_closed')
    expect((await browser.get(myPath(requestId, '/current'))).body.proposal).toMatchObject({
      version: 2,
      state: 'withdrawn',
      actions: [],
    })
  })

  it('lets exactly one of two accepts at once through', async () => {
    const { browser, requestId } = await client()
    const proposal = await sent(requestId)
    const accept = () =>
      browser.post(myPath(requestId, `/${proposal.id}/accept`), {
        fullName: 'Ann Lee',
        accept: true,
      })
    const answers = await Promise.all([accept(), accept(), accept()])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    const records = await q(
      'SELECT count(*)::int AS n FROM proposal_acceptances WHERE proposal_id = $1',
      [proposal.id],
    )
    expect(records.rows[0]?.n).toBe(1)
    expect(await requestStatus(requestId)).toBe('inProgress')
  })

  it('answers 404 for what is not the caller’s, 403 to a client at the agency’s side, 403 without XSRF', async () => {
    const owner = await client()
    const stranger = await client()
    const proposal = await sent(owner.requestId)
    for (const path of [
      myPath(owner.requestId),
      myPath(owner.requestId, '/current'),
      myPath(owner.requestId, `/${proposal.id}/pdf`),
      myPath(missingId),
      myPath('not-an-id', '/current'),
    ]) {
      const answer = await stranger.browser.get(path)
      expect(answer.status, path).toBe(404)
      expect(answer.body.code).toBe('not_found')
    }
    // Another request's id with this proposal: not found either.
    const mixed = await owner.browser.post(myPath(stranger.requestId, `/${proposal.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    expect(mixed.status).toBe(404)
    const stolen = await stranger.browser.post(myPath(owner.requestId, `/${proposal.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    expect(stolen.status).toBe(404)
    expect((await stranger.browser.get(adminPath(owner.requestId))).status).toBe(403)
    const noXsrf = await owner.browser.send(
      'POST',
      myPath(owner.requestId, `/${proposal.id}/accept`),
      { fullName: 'Ann Lee', accept: true },
      { xsrf: false },
    )
    expect(noXsrf.status).toBe(403)
    expect(noXsrf.body.code).toBe('xsrf_failed')
    expect(await requestStatus(owner.requestId)).toBe('proposalSent')
  })

  it('closes the open proposal when the client withdraws the request', async () => {
    const { browser, requestId } = await client()
    const proposal = await sent(requestId)
    const withdrawn = await browser.post(`${requestsPath}/${requestId}/withdraw`, {})
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    const stored = await q('SELECT state FROM proposals WHERE id = $1', [proposal.id])
    expect(stored.rows[0]?.state).toBe('withdrawn')
    expect((await admin.post(adminPath(requestId), draft)).status).toBe(409)
  })

  it.each([
    [
      'es',
      [
        'Propuesta',
        'Diseño web – Año 1',
        '¿Quiénes somos?',
        'Müller',
        '$13,341.15',
        'IVA (16 %)',
        'Válida hasta',
        'Registro de aceptación',
        'Ana Pérez Núñez',
      ],
    ],
    [
      'en',
      [
        'Proposal',
        'Diseño web – Año 1',
        '¿Quiénes somos?',
        'Müller',
        'MX$13,341.15',
        'IVA (16 %)',
        'Valid until',
        'Acceptance record',
        'Ana Pérez Núñez',
      ],
    ],
  ] as const)(
    'writes the PDF in %s with its fonts embedded, and the acceptance once accepted',
    async (language, expected) => {
      const { browser, requestId } = await client(language)
      const proposal = await sent(requestId)
      const before = await getBytes(kit.api.url, browser, myPath(requestId, `/${proposal.id}/pdf`))
      expect(before.status).toBe(200)
      expect(before.headers.get('content-type')).toBe('application/pdf')
      expect(before.headers.get('content-disposition')).toMatch(/^attachment; filename="/)
      const unaccepted = await pdfText(before.bytes)
      expect(unaccepted).not.toContain('Ana Pérez Núñez')
      expect(unaccepted).toContain(expected[0])
      await browser.post(myPath(requestId, `/${proposal.id}/accept`), {
        fullName: 'Ana Pérez Núñez',
        accept: true,
      })
      const after = await getBytes(kit.api.url, browser, myPath(requestId, `/${proposal.id}/pdf`))
      const text = await pdfText(after.bytes)
      for (const words of expected) expect(text, words).toContain(words)
      const hash = (
        await q('SELECT content_sha256 FROM proposal_acceptances WHERE proposal_id = $1', [
          proposal.id,
        ])
      ).rows[0]?.content_sha256
      expect(text).toContain(hash)
      // Embedded: each font's program is in the file (FontFile2), none is left to the reader.
      const raw = after.bytes.toString('latin1')
      expect(raw).toContain('/FontFile2')
      expect(raw).toContain('DejaVuSans')
      // The agency's copy is in the client's language.
      const agencyCopy = await getBytes(
        kit.api.url,
        admin,
        adminPath(requestId, `/${proposal.id}/pdf`),
      )
      expect(await pdfText(agencyCopy.bytes)).toContain(expected[6])
    },
  )

  it('shows the list what awaits an answer and the month’s accepted value; exports and outlives the account as the notice says', async () => {
    const { account, browser, requestId } = await client()
    const listed = async () => {
      const answer = await admin.get('/api/v1/admin/service-requests?page=1')
      expect(answer.status).toBe(200)
      const body = answer.body as unknown as AdminServiceRequestList
      return { body, item: body.items.find((item) => item.id === requestId) }
    }
    const before = await listed()
    expect(before.item?.proposalAwaitingAnswer).toBe(false)
    const proposal = await sent(requestId)
    const waiting = await listed()
    expect(waiting.item?.proposalAwaitingAnswer).toBe(true)
    expect(waiting.body.proposals.awaitingAnswer).toBe(before.body.proposals.awaitingAnswer + 1)
    await browser.post(myPath(requestId, `/${proposal.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    const accepted = await listed()
    expect(accepted.item?.proposalAwaitingAnswer).toBe(false)
    expect(accepted.body.proposals.acceptedThisMonth).toBe(
      before.body.proposals.acceptedThisMonth + proposal.total,
    )

    const exported = (await browser.get('/api/v1/me/export')).body.stored as StoredAccountData
    expect(exported.proposals?.map((p) => [p.id, p.state])).toEqual([[proposal.id, 'accepted']])
    expect(exported.proposalAcceptances).toMatchObject([
      { proposalId: proposal.id, requestId, fullName: 'Ann Lee', ipAddress: browser.address },
    ])

    // Deleting the account deletes the request and its proposals; the acceptance record stays,
    // unlinked, with the client's name and address, until five years after the acceptance.
    const deleted = await browser.send('DELETE', '/api/v1/me', { password: account.password })
    expect(deleted.status).toBe(200)
    expect((await q('SELECT 1 FROM proposals WHERE id = $1', [proposal.id])).rowCount).toBe(0)
    const kept = await q(
      'SELECT proposal_id, request_id, user_id, client_email FROM proposal_acceptances WHERE client_email = $1',
      [account.email],
    )
    expect(kept.rows).toEqual([
      { proposal_id: null, request_id: null, user_id: null, client_email: account.email },
    ])
    expect((await listed()).body.proposals.acceptedThisMonth).toBe(
      accepted.body.proposals.acceptedThisMonth,
    )
  })

  // Last: it moves the kit's clock two days on, past what its verification links allow.
  it('expires a version past its valid-until day: it reads expired, an accept answers 410, the request returns to review', async () => {
    const { browser, requestId } = await client()
    const today = agencyDay(kit.now())
    const proposal = await sent(requestId, { ...draft, validUntil: today })
    const unopened = await client()
    await sent(unopened.requestId, { ...draft, validUntil: today })
    kit.advance(2 * day)
    const read = await browser.get(myPath(requestId, '/current'))
    expect(read.body.proposal).toMatchObject({ state: 'expired', actions: [] })
    expect(await requestStatus(requestId)).toBe('proposalSent')
    const accept = await browser.post(myPath(requestId, `/${proposal.id}/accept`), {
      fullName: 'Ann Lee',
      accept: true,
    })
    expect(accept.status).toBe(410)
    expect(accept.body.message).toBe('This proposal has expired: ask the agency for a new one.')
    expect(await requestStatus(requestId)).toBe('inReview')
    const stored = await q('SELECT state, closed_at FROM proposals WHERE id = $1', [proposal.id])
    expect(stored.rows[0]?.state).toBe('expired')
    // Nobody opened this one: the clean-up's sweep stores its expiry and frees the request.
    expect(await requestStatus(unopened.requestId)).toBe('proposalSent')
    expect(await expireProposals(kit.database.pool, kit.now())).toBe(1)
    expect(await requestStatus(unopened.requestId)).toBe('inReview')
    expect(await expireProposals(kit.database.pool, kit.now())).toBe(0)
  })
})
