import { createHash } from 'node:crypto'
import { currencyCode, lineTotal } from '../../domain/money'
import { instalmentAmounts, type PaymentSchedule } from '../../domain/payments/payment-schedule'

/** What a proposal says, as stored: the part the client accepts. */
export type ProposalContent = {
  readonly id: string
  readonly requestId: string
  readonly version: number
  readonly title: string
  readonly items: readonly {
    readonly description: string
    readonly quantity: number
    readonly unitPrice: number
  }[]
  readonly subtotal: number
  readonly discount: number
  readonly ivaPercent: number
  readonly iva: number
  readonly total: number
  readonly validUntil: string
  readonly scope: string
  readonly terms: string
  readonly paymentSchedule: PaymentSchedule | null
}

/** JSON with its object keys sorted at every level: one text for one content, whatever the order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * The canonical text of a proposal as sent: its id, request, version, texts, items (with each
 * line's amount), amounts in centavos, currency and validity, as JSON with sorted keys and no
 * spaces. Its SHA-256 is what an acceptance records: the same content always gives the same
 * hash, and any change to what was sent gives another. A payment plan is part of what the client
 * accepts (`paymentPlan`: the plan and each instalment's centavos); a proposal without one has
 * no such key, so its text is what it was before plans existed.
 */
export function proposalContentText(content: ProposalContent): string {
  return canonicalJson({
    id: content.id,
    requestId: content.requestId,
    version: content.version,
    title: content.title,
    items: content.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount: lineTotal(item),
    })),
    currency: currencyCode,
    subtotal: content.subtotal,
    discount: content.discount,
    ivaPercent: content.ivaPercent,
    iva: content.iva,
    total: content.total,
    validUntil: content.validUntil,
    scope: content.scope,
    terms: content.terms,
    paymentPlan: content.paymentSchedule
      ? {
          schedule: content.paymentSchedule,
          amounts: instalmentAmounts(content.paymentSchedule, content.total),
        }
      : undefined,
  })
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
