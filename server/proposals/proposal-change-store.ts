import type { Pool } from 'pg'
import type { Uuid } from '../../domain/ids/uuid'
import { computeTotals, ivaPercent } from '../../domain/money'
import { isOneOf } from '../../domain/one-of'
import { isPastValidity } from '../../domain/requests/proposal-dates'
import type { ProposalDraftValues } from '../../domain/requests/proposal-schemas'
import { isProposalState, type ProposalState } from '../../domain/requests/proposal-state'
import {
  type ProposalEvent,
  proposalTransition,
  requestTakesProposals,
  requestTransition,
} from '../../machines/proposal-machine'
import { noteActivity } from '../db/request-activity'
import { storedUuid } from '../db/stored-id'
import { inTransaction } from '../db/transaction'
import type { MailKind } from '../mail/mail-kind'
import { createInstalments } from '../payments/instalment-store'
import type { AgencyInbox } from '../service-requests/request-store'
import { proposalContentText, sha256Hex } from './proposal-content'
import { proposalMailKinds } from './proposal-mail-kinds'
import {
  type Changed,
  expireIfPast,
  lockRequest,
  queueMail,
  type Refusal,
  recordMove,
} from './proposal-moves'
import { contentOf, type ProposalRow, proposalColumns } from './proposal-rows'

/**
 * The proposals' changes, each in one transaction with the request locked: a new draft (or a
 * revision's copy), a draft's edit, and the moves the `proposal` machine judges — send, accept,
 * decline, withdraw — with the request's status, the history, the acceptance record and the mails.
 */

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
    input.paymentSchedule === null ? null : JSON.stringify(input.paymentSchedule),
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
    readonly requestId: Uuid
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
               iva_percent, iva, total, valid_until, scope, terms, payment_schedule, created_by,
               created_at, updated_at)
             SELECT request_id, $2, title, items, discount, subtotal, iva_percent, iva, total,
               greatest(valid_until, $5::date), scope, terms, payment_schedule, $3, $4, $4
             FROM proposals WHERE id = $1 RETURNING id`,
            [draft.copyOf, version, draft.byUserId, draft.now, draft.defaultValidUntil],
          )
        : await client.query<{ id: string }>(
            `INSERT INTO proposals (request_id, version, title, items, discount, subtotal,
               iva_percent, iva, total, valid_until, scope, terms, payment_schedule, created_by,
               created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
             RETURNING id`,
            [
              draft.requestId,
              version,
              ...draftValues(draft.input, draft.defaultValidUntil),
              draft.byUserId,
              draft.now,
            ],
          )
    const proposalId = storedUuid(inserted.rows[0]?.id ?? '')
    await client.query(
      `INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, created_at)
       VALUES ($1, NULL, 'draft', 'agency', $2, $3)`,
      [proposalId, draft.byUserId, draft.now],
    )
    await noteActivity(client, draft.requestId, draft.now)
    return { outcome: 'changed', proposalId, mailIds: [] }
  })
}

/** Replaces a draft's content (the machine's `edit`: only a draft takes it). */
export async function editDraft(
  pool: Pool,
  edit: {
    readonly requestId: Uuid
    readonly proposalId: Uuid
    readonly byUserId: string
    readonly input: ProposalDraftValues
    readonly now: Date
    readonly defaultValidUntil: string
  },
): Promise<DraftOutcome> {
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
         payment_schedule = $12, updated_at = $13
       WHERE id = $1`,
      [edit.proposalId, ...draftValues(edit.input, edit.defaultValidUntil), edit.now],
    )
    await client.query(
      `INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, created_at)
       VALUES ($1, 'draft', 'draft', 'agency', $2, $3)`,
      [edit.proposalId, edit.byUserId, edit.now],
    )
    await noteActivity(client, edit.requestId, edit.now)
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
  readonly requestId: Uuid
  readonly proposalId: Uuid
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
const isClosed = isOneOf(closedStates)

/** How long an acceptance record is kept: five years, the Mexican tax records' period. */
export const acceptanceRetentionYears = 5

/**
 * Sends, accepts, declines or withdraws a proposal, in one transaction: the request row is
 * locked (`FOR UPDATE`) before anything is read, so two answers at once are judged one after the
 * other — the second finds the first's state and is refused (and the acceptance's unique index
 * would refuse a second record even so). A sent version past its day is expired first (and that
 * is kept) and the answer judged from `expired`. The `proposal` machine judges the proposal's
 * move, the `serviceRequest` machine the request's; their rows, the history, the acceptance
 * record, the instalments of its payment plan and the mails are stored together or not at all.
 */
export async function changeProposal(
  pool: Pool,
  change: ProposalChange,
): Promise<Refusal | Changed> {
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
      // The plan the client accepted becomes their instalments, with the acceptance or not at all.
      if (row.payment_schedule)
        await createInstalments(client, {
          requestId: change.requestId,
          proposalId: change.proposalId,
          schedule: row.payment_schedule,
          total: Number(row.total),
          byUserId: change.byUserId,
          now: change.now,
        })
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
