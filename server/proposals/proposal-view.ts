import type { AgencyProposal, Proposal } from '../../domain/api/api-contract'
import { currencyCode, lineTotal } from '../../domain/money'
import { instalmentAmounts } from '../../domain/payments/payment-schedule'
import { allowedProposalActions } from '../../machines/proposal-machine'
import { effectiveState, type ProposalRow } from './proposal-rows'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** A stored version as the contract writes it, for the side that reads it, at `now`. */
function baseView(row: ProposalRow, side: 'client' | 'agency', now: Date) {
  const state = effectiveState(row, now)
  return {
    id: row.id,
    requestId: row.request_id,
    version: row.version,
    state,
    current: row.is_current,
    title: row.title,
    items: row.items.map((item) => ({ ...item, amount: lineTotal(item) })),
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    ivaPercent: row.iva_percent,
    iva: Number(row.iva),
    total: Number(row.total),
    currency: currencyCode,
    validUntil: row.valid_until,
    scope: row.scope,
    terms: row.terms,
    paymentPlan: row.payment_schedule && {
      schedule: row.payment_schedule,
      amounts: instalmentAmounts(row.payment_schedule, Number(row.total)),
    },
    createdAt: row.created_at.toISOString(),
    sentAt: iso(row.sent_at),
    closedAt: iso(row.closed_at),
    reason: row.reason,
    actions: allowedProposalActions(state, side),
  } as const
}

export function toClientProposal(row: ProposalRow, now: Date): Proposal {
  const acceptance = row.acceptance
  return {
    ...baseView(row, 'client', now),
    acceptance: acceptance && {
      fullName: acceptance.full_name,
      acceptedAt: new Date(acceptance.accepted_at).toISOString(),
      contentSha256: acceptance.content_sha256,
    },
  }
}

export function toAgencyProposal(row: ProposalRow, now: Date): AgencyProposal {
  const acceptance = row.acceptance
  return {
    ...baseView(row, 'agency', now),
    updatedAt: row.updated_at.toISOString(),
    acceptance: acceptance && {
      fullName: acceptance.full_name,
      acceptedAt: new Date(acceptance.accepted_at).toISOString(),
      contentSha256: acceptance.content_sha256,
      ipAddress: acceptance.ip_address,
      userAgent: acceptance.user_agent,
    },
  }
}
