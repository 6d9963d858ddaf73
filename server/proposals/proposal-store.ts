import type { Pool, PoolClient } from 'pg'
import {
  type ProposalEvent,
  proposalTransition,
  requestTakesProposals,
  requestTransition,
} from '../../machines/proposal-machine'
import { computeTotals, ivaPercent } from '../../src/domain/money'
import { agencyDay, isPastValidity } from '../../src/domain/requests/proposal-dates'
import type { ProposalDraftValues } from '../../src/domain/requests/proposal-schemas'
import { isProposalState, type ProposalState } from '../../src/domain/requests/proposal-state'
import {
  isRequestStatus,
  type RequestActor,
  type RequestStatus,
} from '../../src/domain/requests/request-status'
import type { proposalAcceptances, proposals } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { inTransaction } from '../db/transaction'
import { kindLiteral, type MailKind } from '../mail/mail-kind'
import { type AgencyInbox, isUuid } from '../service-requests/request-store'
import { type ProposalContent, proposalContentText, sha256Hex } from './proposal-content'
import { proposalMailKinds } from './proposal-mail-kinds'

/** A proposal row as the statements below select it (`proposalColumns`). */
export type ProposalRow = SqlColumns<
  typeof proposals,
  | 'id'
  | 'request_id'
  | 'version'
  | 'state'
  | 'title'
  | 'discount'
  | 'subtotal'
  | 'iva_percent'
  | 'iva'
  | 'total'
  | 'scope'
  | 'terms'
  | 'reason'
  | 'content_sha256'
  | 'created_at'
  | 'updated_at'
  | 'sent_at'
  | 'closed_at'
> & {
  /** jsonb arrives parsed. */
  items: { description: string; quantity: number; unitPrice: number }[]
  /** As text (`to_char`), so no time zone turns the day into another. */
  valid_until: string
  /** The newest version the client was sent (drafts never count). */
  is_current: boolean
  acceptance: AcceptanceColumns | null
}

type AcceptanceColumns = {
  full_name: string
  accepted_at: string
  content_sha256: string
  ip_address: string
  user_agent: string
}

/** The columns of a proposal, for `FROM proposals p`. */
const proposalColumns = `p.id, p.request_id, p.version, p.state, p.title, p.items,
  p.discount, p.subtotal, p.iva_percent, p.iva, p.total,
  to_char(p.valid_until, 'YYYY-MM-DD') AS valid_until, p.scope, p.terms, p.reason,
  p.content_sha256, p.created_at, p.updated_at, p.sent_at, p.closed_at,
  p.version = (SELECT max(o.version) FROM proposals o
    WHERE o.request_id = p.request_id AND o.state <> 'draft') AS is_current,
  (SELECT json_build_object('full_name', a.full_name, 'accepted_at', a.accepted_at,
      'content_sha256', a.content_sha256, 'ip_address', a.ip_address, 'user_agent', a.user_agent)
    FROM proposal_acceptances a WHERE a.proposal_id = p.id) AS acceptance`

/** The state a reader sees: a sent version past its valid-until day reads expired. */
export function effectiveState(row: Pick<ProposalRow, 'state' | 'valid_until'>, now: Date) {
  const state: ProposalState = isProposalState(row.state) ? row.state : 'draft'
  return state === 'sent' && isPastValidity(row.valid_until, now) ? 'expired' : state
}

export function contentOf(row: ProposalRow): ProposalContent {
  return {
    id: row.id,
    requestId: row.request_id,
    version: row.version,
    title: row.title,
    items: row.items,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    ivaPercent: row.iva_percent,
    iva: Number(row.iva),
    total: Number(row.total),
    validUntil: row.valid_until,
    scope: row.scope,
    terms: row.terms,
  }
}

/** Whose proposals a statement may see: the agency sees drafts, a client only their own sent ones. */
export type ProposalViewer =
  | { readonly side: 'agency'; readonly userId: string }
  | { readonly side: 'client'; readonly userId: string }

const visibleTo = (viewer: ProposalViewer, userParam: string) =>
  viewer.side === 'agency'
    ? `${userParam} IS NOT NULL`
    : `p.state <> 'draft' AND EXISTS (SELECT 1 FROM service_requests r
        WHERE r.id = p.request_id AND r.user_id = ${userParam})`

/** Whether the request exists and is the viewer's (any request, for the agency). */
export async function requestVisible(
  pool: Pool,
  requestId: string,
  viewer: ProposalViewer,
): Promise<boolean> {
  if (!isUuid(requestId)) return false
  const { rowCount } = await pool.query(
    `SELECT 1 FROM service_requests WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)`,
    [requestId, viewer.side === 'client' ? viewer.userId : null],
  )
  return rowCount === 1
}

/** The request's proposals the viewer may see, newest first. */
export async function listProposals(
  pool: Pool,
  requestId: string,
  viewer: ProposalViewer,
): Promise<ProposalRow[]> {
  if (!isUuid(requestId)) return []
  const { rows } = await pool.query<ProposalRow>(
    `SELECT ${proposalColumns} FROM proposals p
     WHERE p.request_id = $1 AND ${visibleTo(viewer, '$2::uuid')}
     ORDER BY p.version DESC`,
    [requestId, viewer.userId],
  )
  return rows
}

/** One proposal of the request, if the viewer may see it. */
export async function loadProposal(
  pool: Pool | PoolClient,
  requestId: string,
  proposalId: string,
  viewer: ProposalViewer,
): Promise<ProposalRow | undefined> {
  if (!isUuid(requestId) || !isUuid(proposalId)) return undefined
  const { rows } = await pool.query<ProposalRow>(
    `SELECT ${proposalColumns} FROM proposals p
     WHERE p.request_id = $1 AND p.id = $3 AND ${visibleTo(viewer, '$2::uuid')}`,
    [requestId, viewer.userId, proposalId],
  )
  return rows[0]
}

/** What a change was refused for. */
export type Refusal =
  /** The machine does not take the event from the proposal's state (or the request's status). */
  | {
      readonly outcome: 'refused'
      readonly state: ProposalState
      readonly status: RequestStatus
      /** Why a new draft was refused (the machines refused the others). */
      readonly why?: 'hasDraft' | 'requestClosed' | 'notNewest'
    }
  /** The client answered a version that was superseded, withdrawn or has expired. */
  | { readonly outcome: 'closed'; readonly state: 'superseded' | 'withdrawn' | 'expired' }
  /** Sending a draft whose valid-until day has passed. */
  | { readonly outcome: 'validity_passed' }
  | { readonly outcome: 'not_found' }

export type Changed = {
  readonly outcome: 'changed'
  readonly proposalId: string
  readonly mailIds: readonly number[]
}

const requestStatusOf = (value: string): RequestStatus =>
  isRequestStatus(value) ? value : 'received'

/** The request, locked: every change of its proposals is judged one after the other. */
async function lockRequest(
  client: PoolClient,
  requestId: string,
  ownerId: string | undefined,
): Promise<{ status: RequestStatus; user_id: string } | undefined> {
  if (!isUuid(requestId)) return undefined
  const { rows } = await client.query<{ status: string; user_id: string }>(
    `SELECT status, user_id FROM service_requests
     WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid) FOR UPDATE`,
    [requestId, ownerId ?? null],
  )
  const row = rows[0]
  return row && { status: requestStatusOf(row.status), user_id: row.user_id }
}

type Actor = { readonly by: RequestActor; readonly userId: string | null }

/**
 * Stores one proposal's move and, when it moves the request, the request's: both machines have
 * judged it before this is called. Returns the proposal event's id (what its mails reference).
 */
async function recordMove(
  client: PoolClient,
  move: {
    readonly requestId: string
    readonly proposalId: string
    readonly from: ProposalState
    readonly to: ProposalState
    readonly requestFrom: RequestStatus
    readonly requestTo: RequestStatus | null
    readonly actor: Actor
    readonly note: string
    readonly now: Date
  },
): Promise<number> {
  const closes = move.to !== 'draft' && move.to !== 'sent'
  await client.query(
    `UPDATE proposals SET state = $2, updated_at = $3,
       closed_at = CASE WHEN $4 THEN $3 ELSE closed_at END,
       reason = CASE WHEN $5 <> '' THEN $5 ELSE reason END
     WHERE id = $1`,
    [move.proposalId, move.to, move.now, closes, move.note],
  )
  const event = await client.query<{ id: string }>(
    `INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [move.proposalId, move.from, move.to, move.actor.by, move.actor.userId, move.note, move.now],
  )
  if (move.requestTo !== null) {
    await client.query('UPDATE service_requests SET status = $2, updated_at = $3 WHERE id = $1', [
      move.requestId,
      move.requestTo,
      move.now,
    ])
    await client.query(
      `INSERT INTO service_request_history
         (request_id, from_status, to_status, by_role, by_user_id, note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        move.requestId,
        move.requestFrom,
        move.requestTo,
        move.actor.by,
        move.actor.userId,
        move.note,
        move.now,
      ],
    )
  }
  return Number(event.rows[0]?.id)
}

/**
 * Queues `kind` about a proposal event: to the client in their language (`agency` undefined),
 * or to the agency's inbox in its language.
 */
async function queueMail(
  client: PoolClient,
  kind: MailKind,
  eventId: number,
  clientId: string,
  agency: AgencyInbox | undefined,
): Promise<number[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, recipient, locale, user_id, proposal_event_id)
     SELECT ${kindLiteral(kind)}, coalesce($3::text, u.email), coalesce($4::text, u.locale),
       CASE WHEN $3::text IS NULL THEN u.id END, $2
     FROM users u WHERE u.id = $1 RETURNING id`,
    [clientId, eventId, agency?.email ?? null, agency?.locale ?? null],
  )
  return rows.map((row) => Number(row.id))
}

/**
 * Expires the request's sent version when its valid-until day has passed at `now` (the request
 * goes back to "In review"), in the caller's transaction with the request locked. Returns
 * whether it did.
 */
async function expireIfPast(
  client: PoolClient,
  requestId: string,
  request: { status: RequestStatus },
  now: Date,
): Promise<boolean> {
  const { rows } = await client.query<{ id: string; valid_until: string }>(
    `SELECT id, to_char(valid_until, 'YYYY-MM-DD') AS valid_until FROM proposals
     WHERE request_id = $1 AND state = 'sent' FOR UPDATE`,
    [requestId],
  )
  const sent = rows[0]
  if (!sent || !isPastValidity(sent.valid_until, now)) return false
  const to = proposalTransition('sent', { type: 'expire' })
  const requestTo = requestTransition('expire', request.status)
  if (!to || requestTo === undefined) return false
  await recordMove(client, {
    requestId,
    proposalId: sent.id,
    from: 'sent',
    to,
    requestFrom: request.status,
    requestTo,
    actor: { by: 'agency', userId: null },
    note: '',
    now,
  })
  if (requestTo !== null) request.status = requestTo
  return true
}

/**
 * Expires every sent version whose valid-until day has passed at `now`, each in its own
 * transaction (the scheduled clean-up calls this; a reader never waits for it: a version past its
 * day already reads `expired`). Returns how many it expired.
 */
export async function expireProposals(pool: Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ request_id: string }>(
    `SELECT request_id FROM proposals
     WHERE state = 'sent' AND valid_until < $1::date LIMIT 1000`,
    [agencyDay(now)],
  )
  let expired = 0
  for (const row of rows) {
    const did = await inTransaction(pool, async (client) => {
      const request = await lockRequest(client, row.request_id, undefined)
      return request ? expireIfPast(client, row.request_id, request, now) : false
    })
    if (did) expired += 1
  }
  return expired
}

export type DraftOutcome = Refusal | Changed

/** The draft's columns computed from what the agency typed (the server's totals). */
function draftValues(input: ProposalDraftValues, validUntil: string) {
  const totals = computeTotals(input.items, input.discount)
  if (!totals) throw new Error('The schema lets no discount above the subtotal through')
  return [
    input.title,
    JSON.stringify(input.items),
    totals.discount,
    totals.subtotal,
    ivaPercent,
    totals.iva,
    totals.total,
    input.validUntil ?? validUntil,
    input.scope,
    input.terms,
  ]
}

/**
 * A new draft: the next version of the request's proposal, with the server's totals. Refused
 * when the request cannot take a proposal (in progress or closed) or already has a draft;
 * `copyOf` copies a version's content instead (a revision: it must be the newest, not a draft).
 */
export async function createDraft(
  pool: Pool,
  draft: {
    readonly requestId: string
    readonly byUserId: string
    readonly now: Date
    readonly defaultValidUntil: string
  } & (
    | { readonly input: ProposalDraftValues; readonly copyOf?: undefined }
    | { readonly copyOf: string; readonly input?: undefined }
  ),
): Promise<DraftOutcome> {
  return inTransaction(pool, async (client) => {
    const request = await lockRequest(client, draft.requestId, undefined)
    if (!request) return { outcome: 'not_found' }
    await expireIfPast(client, draft.requestId, request, draft.now)
    const { rows: versions } = await client.query<{ id: string; version: number; state: string }>(
      'SELECT id, version, state FROM proposals WHERE request_id = $1 ORDER BY version DESC',
      [draft.requestId],
    )
    const newest = versions[0]
    const hasDraft = versions.some((row) => row.state === 'draft')
    const refused = (state: ProposalState, why: 'hasDraft' | 'requestClosed' | 'notNewest') =>
      ({ outcome: 'refused', state, status: request.status, why }) as const
    let copied: ProposalState = 'draft'
    if (draft.copyOf !== undefined) {
      const source = versions.find((row) => row.id === draft.copyOf)
      if (!source) return { outcome: 'not_found' }
      copied = isProposalState(source.state) ? source.state : 'draft'
      if (source !== newest) return refused(copied, 'notNewest')
    }
    if (!requestTakesProposals(request.status)) return refused(copied, 'requestClosed')
    if (hasDraft) return refused(copied, 'hasDraft')
    const version = (newest?.version ?? 0) + 1
    const inserted =
      draft.copyOf !== undefined
        ? await client.query<{ id: string }>(
            `INSERT INTO proposals (request_id, version, title, items, discount, subtotal,
               iva_percent, iva, total, valid_until, scope, terms, created_by, created_at, updated_at)
             SELECT request_id, $2, title, items, discount, subtotal, iva_percent, iva, total,
               greatest(valid_until, $5::date), scope, terms, $3, $4, $4
             FROM proposals WHERE id = $1 RETURNING id`,
            [draft.copyOf, version, draft.byUserId, draft.now, draft.defaultValidUntil],
          )
        : await client.query<{ id: string }>(
            `INSERT INTO proposals (request_id, version, title, items, discount, subtotal,
               iva_percent, iva, total, valid_until, scope, terms, created_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
            [
              draft.requestId,
              version,
              ...draftValues(draft.input, draft.defaultValidUntil),
              draft.byUserId,
              draft.now,
            ],
          )
    const proposalId = inserted.rows[0]?.id ?? ''
    await client.query(
      `INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, created_at)
       VALUES ($1, NULL, 'draft', 'agency', $2, $3)`,
      [proposalId, draft.byUserId, draft.now],
    )
    return { outcome: 'changed', proposalId, mailIds: [] }
  })
}

/** Replaces a draft's content (the machine's `edit`: only a draft takes it). */
export async function editDraft(
  pool: Pool,
  edit: {
    readonly requestId: string
    readonly proposalId: string
    readonly byUserId: string
    readonly input: ProposalDraftValues
    readonly now: Date
    readonly defaultValidUntil: string
  },
): Promise<DraftOutcome> {
  if (!isUuid(edit.proposalId)) return { outcome: 'not_found' }
  return inTransaction(pool, async (client) => {
    const request = await lockRequest(client, edit.requestId, undefined)
    if (!request) return { outcome: 'not_found' }
    const { rows } = await client.query<{ state: string }>(
      'SELECT state FROM proposals WHERE id = $1 AND request_id = $2 FOR UPDATE',
      [edit.proposalId, edit.requestId],
    )
    const current = rows[0]
    if (!current) return { outcome: 'not_found' }
    const state = isProposalState(current.state) ? current.state : 'draft'
    if (!proposalTransition(state, { type: 'edit', by: 'agency' }))
      return { outcome: 'refused', state, status: request.status }
    await client.query(
      `UPDATE proposals SET title = $2, items = $3, discount = $4, subtotal = $5,
         iva_percent = $6, iva = $7, total = $8, valid_until = $9, scope = $10, terms = $11,
         updated_at = $12
       WHERE id = $1`,
      [edit.proposalId, ...draftValues(edit.input, edit.defaultValidUntil), edit.now],
    )
    await client.query(
      `INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, created_at)
       VALUES ($1, 'draft', 'draft', 'agency', $2, $3)`,
      [edit.proposalId, edit.byUserId, edit.now],
    )
    return { outcome: 'changed', proposalId: edit.proposalId, mailIds: [] }
  })
}

/** What the client's acceptance records besides who they are. */
export type AcceptanceEvidence = {
  readonly fullName: string
  readonly ipAddress: string
  readonly userAgent: string
}

export type ProposalChange = {
  readonly requestId: string
  readonly proposalId: string
  /** Set for a client's change: only their own request is found, and never a draft. */
  readonly ownerId?: string
  readonly event: Extract<ProposalEvent, { type: 'send' | 'accept' | 'decline' | 'withdraw' }>
  readonly byUserId: string
  readonly note: string
  readonly now: Date
  /** Where the client's answers are mailed, and in which language (AGENCY_LANGUAGE). */
  readonly agency: AgencyInbox
  readonly acceptance?: AcceptanceEvidence
}

const closedStates = ['superseded', 'withdrawn', 'expired'] as const
type ClosedState = (typeof closedStates)[number]
const isClosed = (state: ProposalState): state is ClosedState =>
  (closedStates as readonly string[]).includes(state)

/** How long an acceptance record is kept: five years, the Mexican tax records' period. */
export const acceptanceRetentionYears = 5

/**
 * Sends, accepts, declines or withdraws a proposal, in one transaction: the request row is
 * locked (`FOR UPDATE`) before anything is read, so two answers at once are judged one after the
 * other — the second finds the first's state and is refused (and the acceptance's unique index
 * would refuse a second record even so). A sent version past its day is expired first (and that
 * is kept) and the answer judged from `expired`. The `proposal` machine judges the proposal's
 * move, the `serviceRequest` machine the request's; their rows, the history, the acceptance
 * record and the mails are stored together or not at all.
 */
export async function changeProposal(
  pool: Pool,
  change: ProposalChange,
): Promise<Refusal | Changed> {
  if (!isUuid(change.proposalId)) return { outcome: 'not_found' }
  return inTransaction(pool, async (client) => {
    const request = await lockRequest(client, change.requestId, change.ownerId)
    if (!request) return { outcome: 'not_found' }
    await expireIfPast(client, change.requestId, request, change.now)
    const { rows } = await client.query<ProposalRow>(
      `SELECT ${proposalColumns} FROM proposals p
       WHERE p.id = $1 AND p.request_id = $2 AND ($3::boolean OR p.state <> 'draft') FOR UPDATE`,
      [change.proposalId, change.requestId, change.ownerId === undefined],
    )
    const row = rows[0]
    if (!row) return { outcome: 'not_found' }
    const from = isProposalState(row.state) ? row.state : 'draft'
    const to = proposalTransition(from, change.event)
    if (!to) {
      if (change.event.by === 'client' && isClosed(from)) return { outcome: 'closed', state: from }
      return { outcome: 'refused', state: from, status: request.status }
    }
    const requestTo = requestTransition(change.event.type, request.status)
    if (requestTo === undefined) return { outcome: 'refused', state: from, status: request.status }
    if (change.event.type === 'send' && isPastValidity(row.valid_until, change.now))
      return { outcome: 'validity_passed' }

    const mailIds: number[] = []
    if (change.event.type === 'send') {
      // The version the client could still answer is superseded by this one.
      const { rows: previous } = await client.query<{ id: string }>(
        `SELECT id FROM proposals WHERE request_id = $1 AND state = 'sent' AND id <> $2 FOR UPDATE`,
        [change.requestId, change.proposalId],
      )
      for (const old of previous) {
        const superseded = proposalTransition('sent', { type: 'supersede' })
        if (!superseded) continue
        await recordMove(client, {
          requestId: change.requestId,
          proposalId: old.id,
          from: 'sent',
          to: superseded,
          requestFrom: request.status,
          requestTo: null,
          actor: { by: 'agency', userId: change.byUserId },
          note: '',
          now: change.now,
        })
      }
      await client.query('UPDATE proposals SET sent_at = $2, content_sha256 = $3 WHERE id = $1', [
        change.proposalId,
        change.now,
        sha256Hex(proposalContentText(contentOf(row))),
      ])
    }
    const eventId = await recordMove(client, {
      requestId: change.requestId,
      proposalId: change.proposalId,
      from,
      to,
      requestFrom: request.status,
      requestTo,
      actor: { by: change.event.by, userId: change.byUserId },
      note: change.note,
      now: change.now,
    })
    if (change.event.type === 'accept' && change.acceptance) {
      const content = proposalContentText(contentOf(row))
      await client.query(
        `INSERT INTO proposal_acceptances (proposal_id, request_id, user_id, client_name,
           client_email, full_name, ip_address, user_agent, content, content_sha256, total,
           accepted_at, retain_until)
         SELECT $1, $2, u.id, u.name || ' ' || u.last_name, u.email, $4, $5, $6, $7, $8, $9,
           $10, $10::timestamptz + make_interval(years => ${acceptanceRetentionYears})
         FROM users u WHERE u.id = $3`,
        [
          change.proposalId,
          change.requestId,
          request.user_id,
          change.acceptance.fullName,
          change.acceptance.ipAddress,
          change.acceptance.userAgent,
          content,
          sha256Hex(content),
          Number(row.total),
          change.now,
        ],
      )
    }
    const mail = mailFor[change.event.type]
    if (mail)
      mailIds.push(
        ...(await queueMail(
          client,
          mail,
          eventId,
          request.user_id,
          change.event.by === 'client' ? change.agency : undefined,
        )),
      )
    return { outcome: 'changed', proposalId: change.proposalId, mailIds }
  })
}

/** Which mail a change sends: the client is told of a new version, the agency of an answer. */
const mailFor: Partial<Record<ProposalChange['event']['type'], MailKind>> = {
  send: proposalMailKinds.sent,
  accept: proposalMailKinds.accepted,
  decline: proposalMailKinds.declined,
}

/** An acceptance record, as the client's export lists it. */
export type AcceptanceRecordRow = SqlColumns<
  typeof proposalAcceptances,
  | 'proposal_id'
  | 'request_id'
  | 'full_name'
  | 'ip_address'
  | 'user_agent'
  | 'content_sha256'
  | 'accepted_at'
  | 'retain_until'
> & { content: string }

/** Every proposal the client was sent and every acceptance record of theirs (the export). */
export async function exportProposals(
  pool: Pool,
  userId: string,
): Promise<{ proposals: ProposalRow[]; acceptances: AcceptanceRecordRow[] }> {
  const { rows: proposalRows } = await pool.query<ProposalRow>(
    `SELECT ${proposalColumns} FROM proposals p JOIN service_requests r ON r.id = p.request_id
     WHERE r.user_id = $1 AND p.state <> 'draft' ORDER BY p.request_id, p.version`,
    [userId],
  )
  const { rows: acceptances } = await pool.query<AcceptanceRecordRow>(
    `SELECT proposal_id, request_id, full_name, ip_address, user_agent, content_sha256,
       accepted_at, retain_until, content
     FROM proposal_acceptances WHERE user_id = $1 ORDER BY accepted_at`,
    [userId],
  )
  return { proposals: proposalRows, acceptances }
}

/** Which of these requests have a sent version the client can still answer at `now`. */
export async function requestsAwaitingAnswer(
  pool: Pool,
  requestIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set()
  const { rows } = await pool.query<{ request_id: string }>(
    `SELECT request_id FROM proposals
     WHERE request_id = ANY($1::uuid[]) AND state = 'sent' AND valid_until >= $2::date`,
    [requestIds, agencyDay(now)],
  )
  return new Set(rows.map((row) => row.request_id))
}

/**
 * The admin list's figures: how many sent versions wait for the client's answer, and the total
 * (IVA included, centavos) of the proposals accepted this calendar month in Mexico City — from
 * the acceptance records, so a client who deletes their account does not change the month's sum.
 */
export async function proposalFigures(
  pool: Pool,
  now: Date,
): Promise<{ awaitingAnswer: number; acceptedThisMonth: number }> {
  const { rows } = await pool.query<{ awaiting: string; accepted: string }>(
    `SELECT
       (SELECT count(*) FROM proposals WHERE state = 'sent' AND valid_until >= $2::date) AS awaiting,
       (SELECT coalesce(sum(total), 0) FROM proposal_acceptances
         WHERE accepted_at >= date_trunc('month', $1::timestamptz AT TIME ZONE 'America/Mexico_City')
           AT TIME ZONE 'America/Mexico_City') AS accepted`,
    [now, agencyDay(now)],
  )
  return {
    awaitingAnswer: Number(rows[0]?.awaiting ?? 0),
    acceptedThisMonth: Number(rows[0]?.accepted ?? 0),
  }
}

/** What the PDF needs beside the proposal: the request's service and its client. */
export type ProposalRequestFacts = {
  service_id: string
  client_name: string
  client_email: string
  client_locale: string
}

export async function loadRequestFacts(
  pool: Pool,
  requestId: string,
): Promise<ProposalRequestFacts | undefined> {
  if (!isUuid(requestId)) return undefined
  const { rows } = await pool.query<ProposalRequestFacts>(
    `SELECT r.service_id, trim(u.name || ' ' || u.last_name) AS client_name,
       u.email AS client_email, u.locale AS client_locale
     FROM service_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [requestId],
  )
  return rows[0]
}
