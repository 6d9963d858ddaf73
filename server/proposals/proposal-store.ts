import type { Pool, PoolClient } from 'pg'
import type { Uuid } from '../../domain/ids/uuid'
import { agencyDay } from '../../domain/requests/proposal-dates'
import type { proposalAcceptances } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { type ProposalRow, proposalColumns } from './proposal-rows'

/**
 * The proposals' reads: what a viewer may see of a request's versions, the client's export, and
 * the figures the admin's list shows. Every change is in `proposal-change-store.ts`.
 */

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
  requestId: Uuid,
  viewer: ProposalViewer,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `SELECT 1 FROM service_requests WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)`,
    [requestId, viewer.side === 'client' ? viewer.userId : null],
  )
  return rowCount === 1
}

/** The request's proposals the viewer may see, newest first. */
export async function listProposals(
  pool: Pool,
  requestId: Uuid,
  viewer: ProposalViewer,
): Promise<ProposalRow[]> {
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
  requestId: Uuid,
  proposalId: Uuid,
  viewer: ProposalViewer,
): Promise<ProposalRow | undefined> {
  const { rows } = await pool.query<ProposalRow>(
    `SELECT ${proposalColumns} FROM proposals p
     WHERE p.request_id = $1 AND p.id = $3 AND ${visibleTo(viewer, '$2::uuid')}`,
    [requestId, viewer.userId, proposalId],
  )
  return rows[0]
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
 * Which of these requests have their newest proposal version declined by the client: the
 * agency has not revised it yet (a revision is a newer version).
 */
export async function requestsWithDeclinedProposal(
  pool: Pool,
  requestIds: readonly string[],
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set()
  const { rows } = await pool.query<{ request_id: string; state: string }>(
    `SELECT DISTINCT ON (request_id) request_id, state FROM proposals
     WHERE request_id = ANY($1::uuid[]) ORDER BY request_id, version DESC`,
    [requestIds],
  )
  return new Set(rows.filter((row) => row.state === 'declined').map((row) => row.request_id))
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
  requestId: Uuid,
): Promise<ProposalRequestFacts | undefined> {
  const { rows } = await pool.query<ProposalRequestFacts>(
    `SELECT r.service_id, trim(u.name || ' ' || u.last_name) AS client_name,
       u.email AS client_email, u.locale AS client_locale
     FROM service_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [requestId],
  )
  return rows[0]
}
