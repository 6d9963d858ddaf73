import type { Pool, PoolClient } from 'pg'
import type { Uuid } from '../../domain/ids/uuid'
import { agencyDay, isPastValidity } from '../../domain/requests/proposal-dates'
import type { ProposalState } from '../../domain/requests/proposal-state'
import {
  isRequestStatus,
  type RequestActor,
  type RequestStatus,
} from '../../domain/requests/request-status'
import { proposalTransition, requestTransition } from '../../machines/proposal-machine'
import { noteActivity } from '../db/request-activity'
import { storedUuid } from '../db/stored-id'
import { inTransaction } from '../db/transaction'
import { kindLiteral, type MailKind } from '../mail/mail-kind'
import type { AgencyInbox } from '../service-requests/request-store'

/**
 * The steps every change of a proposal is made of, in the caller's transaction: the request
 * locked first, a proposal's move stored with the request's, its mail queued, and a sent version
 * past its day expired (also by the scheduled clean-up, `expireProposals`).
 */

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
  readonly proposalId: Uuid
  readonly mailIds: readonly number[]
}

const requestStatusOf = (value: string): RequestStatus =>
  isRequestStatus(value) ? value : 'received'

/** The request, locked: every change of its proposals is judged one after the other. */
export async function lockRequest(
  client: PoolClient,
  requestId: Uuid,
  ownerId: string | undefined,
): Promise<{ status: RequestStatus; user_id: string } | undefined> {
  const { rows } = await client.query<{ status: string; user_id: string }>(
    `SELECT status, user_id FROM service_requests
     WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid) FOR UPDATE`,
    [requestId, ownerId ?? null],
  )
  const row = rows[0]
  return row && { status: requestStatusOf(row.status), user_id: row.user_id }
}

export type Actor = { readonly by: RequestActor; readonly userId: string | null }

/**
 * Stores one proposal's move and, when it moves the request, the request's: both machines have
 * judged it before this is called. Returns the proposal event's id (what its mails reference).
 */
export async function recordMove(
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
  await noteActivity(client, move.requestId, move.now)
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
export async function queueMail(
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
export async function expireIfPast(
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
      const request = await lockRequest(client, storedUuid(row.request_id), undefined)
      return request ? expireIfPast(client, row.request_id, request, now) : false
    })
    if (did) expired += 1
  }
  return expired
}
