import type { PaymentSchedule } from '../../domain/payments/payment-schedule'
import { isPastValidity } from '../../domain/requests/proposal-dates'
import { isProposalState, type ProposalState } from '../../domain/requests/proposal-state'
import type { proposals } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import type { ProposalContent } from './proposal-content'

/**
 * What a proposal is as a row: its columns as every statement of the resource selects them, the
 * state a reader sees, and its content (what the client reads and the acceptance seals).
 */

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
  /** jsonb arrives parsed; the schema checked it before it was stored. */
  payment_schedule: PaymentSchedule | null
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
export const proposalColumns = `p.id, p.request_id, p.version, p.state, p.title, p.items,
  p.discount, p.subtotal, p.iva_percent, p.iva, p.total,
  to_char(p.valid_until, 'YYYY-MM-DD') AS valid_until, p.scope, p.terms, p.reason,
  p.payment_schedule,
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
    paymentSchedule: row.payment_schedule,
  }
}
