import type { Pool, PoolClient } from 'pg'
import type * as v from 'valibot'
import {
  type PostalAddress,
  type PostalAddressPart,
  postalAddressParts,
} from '../../domain/addresses/postal-address'
import type {
  AdminServiceRequest,
  RequestHistoryEntry,
  ServiceRequestSummary,
} from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import { budgetRanges, desiredStarts } from '../../domain/leads/lead-options'
import { isLocale, type Locale } from '../../domain/locales'
import type { createServiceRequestSchema } from '../../domain/requests/request-schemas'
import {
  isRequestStatus,
  type RequestActor,
  type RequestStatus,
} from '../../domain/requests/request-status'
import type { ServiceId } from '../../domain/services/service-table'
import { asServiceId } from '../../domain/services/service-table'
import { proposalStates, proposalTransition } from '../../machines/proposal-machine'
import { changeEvent, requestSnapshotAt } from '../../machines/service-request-machine'
import type { serviceRequests, users } from '../db/schema'
import { type SqlColumns, type SqlRow, snakeCase } from '../db/sql-row'
import { inTransaction } from '../db/transaction'
import { kindLiteral, type MailKind } from '../mail/mail-kind'
import { requestReachedStatus } from '../payments/instalment-store'
import { requestMailKinds } from './request-mail-kinds'
import { counterNumberSql, nextNumberCte } from './request-number'

type ServiceRequestValues = v.InferOutput<ReturnType<typeof createServiceRequestSchema>>

/** A request row with its history as one JSON array (oldest first). */
export type RequestRow = SqlColumns<
  typeof serviceRequests,
  | 'id'
  | 'number'
  | 'service_id'
  | 'status'
  | 'need'
  | 'desired_start'
  | 'budget'
  | 'created_at'
  | 'updated_at'
  | 'last_activity_at'
> & {
  /** `json_agg` of the history rows: JSON has no dates, so `at` is a string. */
  history: { at: string; from: string | null; to: string; by: string; note: string }[]
}

type Client = SqlRow<typeof users>

/** A request with its client's columns, named `client_…` (`clientColumns`). */
export type AdminRequestRow = RequestRow & {
  client_id: Client['id']
  client_name: Client['name']
  client_last_name: Client['last_name']
  client_email: Client['email']
  client_locale: Client['locale']
  client_phone: Client['phone']
  /** `json_build_object` of the address parts (`clientColumns`), null where a part is. */
  client_address: Record<PostalAddressPart, string | null>
}

/** The columns of a request and its history, for `FROM service_requests r`. */
export const requestColumns = `r.id, r.number, r.service_id, r.status, r.need, r.desired_start,
  r.budget, r.created_at, r.updated_at, r.last_activity_at,
  coalesce((SELECT json_agg(json_build_object('at', h.created_at, 'from', h.from_status,
      'to', h.to_status, 'by', h.by_role, 'note', h.note) ORDER BY h.created_at, h.id)
    FROM service_request_history h WHERE h.request_id = r.id), '[]'::json) AS history`

/** The client columns of an admin row, for `JOIN users u ON u.id = r.user_id`. */
export const clientColumns = `u.id AS client_id, u.name AS client_name,
  u.last_name AS client_last_name, u.email AS client_email, u.locale AS client_locale,
  u.phone AS client_phone,
  json_build_object(${postalAddressParts.map((part) => `'${part}', u.${snakeCase(part)}`).join(', ')})
    AS client_address`

// Rows only ever hold values the schemas and the CHECK constraints let in; these narrow the
// database's strings to the contract's types without trusting a cast.
const status = (value: string): RequestStatus => (isRequestStatus(value) ? value : 'received')
const service = (value: string): ServiceId => asServiceId(value) ?? 'e-commerce'
const start = (value: string) => desiredStarts.find((id) => id === value) ?? 'flexible'
const budget = (value: string) => budgetRanges.find((id) => id === value) ?? 'not-sure'

export function toHistoryEntry(entry: RequestRow['history'][number]): RequestHistoryEntry {
  return {
    at: new Date(entry.at).toISOString(),
    from: entry.from !== null && isRequestStatus(entry.from) ? entry.from : null,
    to: status(entry.to),
    by: entry.by === 'agency' ? 'agency' : 'client',
    note: entry.note,
  }
}

export function toRequestSummary(row: RequestRow): ServiceRequestSummary {
  return {
    id: row.id,
    number: row.number,
    serviceId: service(row.service_id),
    status: status(row.status),
    need: row.need,
    desiredStart: start(row.desired_start),
    budget: budget(row.budget),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    history: row.history.map(toHistoryEntry),
  }
}

export function toAdminRequest(row: AdminRequestRow): AdminServiceRequest {
  return {
    ...toRequestSummary(row),
    lastActivityAt: row.last_activity_at.toISOString(),
    client: {
      id: row.client_id,
      name: row.client_name,
      lastName: row.client_last_name,
      email: row.client_email,
      locale: isLocale(row.client_locale) ? row.client_locale : 'en',
      phone: row.client_phone,
      address: Object.fromEntries(
        postalAddressParts.map((part) => [part, row.client_address[part] ?? '']),
      ) as PostalAddress,
    },
  }
}

/** The user's requests, newest first, each with its history. */
export async function listOwnRequests(pool: Pool, userId: string): Promise<RequestRow[]> {
  const { rows } = await pool.query<RequestRow>(
    `SELECT ${requestColumns} FROM service_requests r
     WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
    [userId],
  )
  return rows
}

/** One request of `userId` (undefined when it does not exist or is another user's). */
export async function loadOwnRequest(
  pool: Pool,
  userId: string,
  requestId: Uuid,
): Promise<RequestRow | undefined> {
  const { rows } = await pool.query<RequestRow>(
    `SELECT ${requestColumns} FROM service_requests r WHERE r.id = $1 AND r.user_id = $2`,
    [requestId, userId],
  )
  return rows[0]
}

/** One request with its client, for the agency. */
export async function loadAdminRequest(
  pool: Pool,
  requestId: Uuid,
): Promise<AdminRequestRow | undefined> {
  const { rows } = await pool.query<AdminRequestRow>(
    `SELECT ${requestColumns}, ${clientColumns}
     FROM service_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [requestId],
  )
  return rows[0]
}

/** Where the agency's mails go, and in which language they are written (AGENCY_LANGUAGE). */
export type AgencyInbox = { readonly email: string; readonly locale: Locale }

/**
 * Stores a client's new request in one statement: the request with the year's next number
 * (request-number.ts), its first history row (created,
 * by the client) and its two mails (the agency's copy in the agency's language, the client's
 * acknowledgement in theirs). Resolves with the request and the outbox rows' ids.
 */
export async function insertServiceRequest(
  pool: Pool,
  userId: string,
  input: ServiceRequestValues,
  agency: AgencyInbox,
): Promise<{ row: RequestRow; mailIds: number[] }> {
  const { rows } = await pool.query<RequestRow & { mail_ids: string[] }>(
    `WITH ${nextNumberCte}, request AS (
       INSERT INTO service_requests (user_id, service_id, need, desired_start, budget, number)
       VALUES ($1, $2, $3, $4, $5, ${counterNumberSql})
       RETURNING *
     ), history AS (
       INSERT INTO service_request_history (request_id, from_status, to_status, by_role, by_user_id)
       SELECT id, NULL, status, 'client', user_id FROM request
       RETURNING id, created_at, to_status
     ), mails AS (
       INSERT INTO mail_outbox (kind, recipient, locale, user_id, request_history_id)
       SELECT mail.kind, coalesce(mail.agency, u.email), coalesce(mail.agency_locale, u.locale),
         CASE WHEN mail.agency IS NULL THEN u.id END, history.id
       FROM history CROSS JOIN users u
         CROSS JOIN (VALUES
           (${kindLiteral(requestMailKinds.agency)}, $6::text, $7::text),
           (${kindLiteral(requestMailKinds.acknowledgement)}, NULL::text, NULL::text))
           AS mail (kind, agency, agency_locale)
       WHERE u.id = $1
       RETURNING id
     )
     SELECT request.id, request.number, request.service_id, request.status, request.need,
       request.desired_start, request.budget, request.created_at, request.updated_at,
       request.last_activity_at,
       json_build_array(json_build_object('at', history.created_at, 'from', NULL,
         'to', history.to_status, 'by', 'client', 'note', '')) AS history,
       ARRAY(SELECT id::text FROM mails) AS mail_ids
     FROM request CROSS JOIN history`,
    [
      userId,
      input.serviceId,
      input.need,
      input.desiredStart,
      input.budget,
      agency.email,
      agency.locale,
    ],
  )
  const row = rows[0]
  if (!row) throw new Error('The service request insert returned no row')
  return { row, mailIds: row.mail_ids.map(Number) }
}

export type StatusChange = {
  readonly requestId: Uuid
  /** Set for a client's change: only their own request is found. */
  readonly ownerId?: string
  readonly to: RequestStatus
  readonly by: RequestActor
  readonly byUserId: string
  readonly note: string
  /** The mail to the client that tells them about the change, if any. */
  readonly clientMail?: MailKind
  /** The mail to the agency that tells it about the change (a withdrawal), if any. */
  readonly agencyMail?: { readonly kind: MailKind; readonly inbox: AgencyInbox }
}

export type ChangeOutcome =
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'refused'; readonly from: RequestStatus }
  | { readonly outcome: 'changed'; readonly mailIds: readonly number[] }

/** The proposal states a closing request closes (the `proposal` machine's `close`), and to what. */
const closable = proposalStates.filter((state) => proposalTransition(state, { type: 'close' }))
const closedTo = proposalTransition('sent', { type: 'close' })

/**
 * A request that closes (declined, withdrawn, delivered) takes its draft and its sent proposal
 * with it: nobody can answer or send them any more. Each closed version gets its history row.
 */
async function closeProposals(client: PoolClient, change: StatusChange): Promise<void> {
  await client.query(
    `WITH closing AS (
       SELECT id, state FROM proposals WHERE request_id = $1 AND state = ANY($2::text[]) FOR UPDATE
     ), closed AS (
       UPDATE proposals p SET state = $3, closed_at = now(), updated_at = now()
       FROM closing WHERE p.id = closing.id RETURNING p.id, closing.state AS from_state
     )
     INSERT INTO proposal_events (proposal_id, from_state, to_state, by_role, by_user_id, note)
     SELECT id, from_state, $3, $4, $5, $6 FROM closed`,
    [change.requestId, closable, closedTo, change.by, change.byUserId, change.note],
  )
}

/**
 * Moves a request to `to` when the `serviceRequest` machine allows it from the stored status,
 * in one transaction: the row is locked (`FOR UPDATE`) before its status is read, so two
 * concurrent changes are judged one after the other against the status the first one left; the
 * new status, its history row and the client's mail are stored together or not at all.
 */
export async function changeRequestStatus(
  pool: Pool,
  change: StatusChange,
): Promise<ChangeOutcome> {
  return inTransaction(pool, async (client, rollback): Promise<ChangeOutcome> => {
    const { rows } = await client.query<{ status: string; user_id: string }>(
      `SELECT status, user_id FROM service_requests
       WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid) FOR UPDATE`,
      [change.requestId, change.ownerId ?? null],
    )
    const current = rows[0]
    if (!current) {
      rollback()
      return { outcome: 'not_found' }
    }
    const from = status(current.status)
    if (!changeEvent(from, change.to, change.by)) {
      rollback()
      return { outcome: 'refused', from }
    }
    await client.query(
      `UPDATE service_requests SET status = $2, updated_at = now(),
         last_activity_at = greatest(last_activity_at, now())
       WHERE id = $1`,
      [change.requestId, change.to],
    )
    const history = await client.query<{ id: string }>(
      `INSERT INTO service_request_history (request_id, from_status, to_status, by_role, by_user_id, note)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [change.requestId, from, change.to, change.by, change.byUserId, change.note],
    )
    const closed = requestSnapshotAt(change.to).status === 'done'
    if (closed) await closeProposals(client, change)
    // Instalments due on this status fall due; a request closed undelivered voids the unpaid.
    await requestReachedStatus(client, {
      requestId: change.requestId,
      status: change.to,
      closed,
      byUserId: change.byUserId,
      now: new Date(),
    })
    const mailIds: number[] = []
    if (change.clientMail) {
      const mail = await client.query<{ id: string }>(
        `INSERT INTO mail_outbox (kind, recipient, locale, user_id, request_history_id)
         SELECT $1, email, locale, id, $3 FROM users WHERE id = $2 RETURNING id`,
        [change.clientMail.name, current.user_id, history.rows[0]?.id],
      )
      for (const row of mail.rows) mailIds.push(Number(row.id))
    }
    if (change.agencyMail) {
      // No user_id: the agency's copy is not the client's mail (their export, their deletion).
      const mail = await client.query<{ id: string }>(
        `INSERT INTO mail_outbox (kind, recipient, locale, request_history_id)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [
          change.agencyMail.kind.name,
          change.agencyMail.inbox.email,
          change.agencyMail.inbox.locale,
          history.rows[0]?.id,
        ],
      )
      for (const row of mail.rows) mailIds.push(Number(row.id))
    }
    return { outcome: 'changed', mailIds }
  })
}
