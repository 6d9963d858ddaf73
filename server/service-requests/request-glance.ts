import type { Pool } from 'pg'
import { agencyDay } from '../../domain/agency-day'
import type { ProposalGlance } from '../../domain/api/api-contract'
import { isProposalState } from '../../domain/requests/proposal-state'

/** What a client's list shows of each request beyond the request itself. */
export type RequestGlance = {
  readonly proposal: ProposalGlance | null
  readonly amountDue: number
}

const nothing: RequestGlance = { proposal: null, amountDue: 0 }

/**
 * For each of a client's requests: the newest proposal version they can see (a sent one whose
 * last valid day, in Mexico City, has passed reads `expired`, as its page says), and the
 * centavos their due and partly paid instalments still ask for. Two statements for the whole
 * list, each read through the request's index of its table.
 */
export async function requestGlances(
  pool: Pool,
  requestIds: readonly string[],
  now: Date,
): Promise<(requestId: string) => RequestGlance> {
  if (requestIds.length === 0) return () => nothing
  const [proposals, due] = await Promise.all([
    pool.query<{
      request_id: string
      version: number
      state: string
      total: string
      valid_until: string
    }>(
      `SELECT DISTINCT ON (request_id) request_id, version, state, total,
         valid_until::text AS valid_until
       FROM proposals WHERE request_id = ANY($1::uuid[]) AND state <> 'draft'
       ORDER BY request_id, version DESC`,
      [requestIds],
    ),
    pool.query<{ request_id: string; owed: string }>(
      `SELECT request_id, sum(amount - paid) AS owed FROM payment_instalments
       WHERE request_id = ANY($1::uuid[]) AND state IN ('due', 'partlyPaid')
       GROUP BY request_id`,
      [requestIds],
    ),
  ])
  const today = agencyDay(now)
  const proposalOf = new Map<string, ProposalGlance>()
  for (const row of proposals.rows) {
    if (!isProposalState(row.state) || row.state === 'draft') continue
    const lapsed = row.state === 'sent' && row.valid_until < today
    proposalOf.set(row.request_id, {
      version: row.version,
      state: lapsed ? 'expired' : row.state,
      total: Number(row.total),
      validUntil: row.valid_until,
    })
  }
  const dueOf = new Map(due.rows.map((row) => [row.request_id, Number(row.owed)]))
  return (requestId) => ({
    proposal: proposalOf.get(requestId) ?? null,
    amountDue: dueOf.get(requestId) ?? 0,
  })
}
