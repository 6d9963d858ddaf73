import { computeTotals, formatPlainAmount, moneyLimits, parsePesos, type Totals } from '../money'
import type { PaymentSchedule } from '../payments/payment-schedule'
import {
  type DraftPlan,
  draftPlanOf,
  type PlanProblem,
  planProblems,
  scheduleOf,
} from './proposal-plan-draft'
import type { ProposalDraftInput } from './proposal-schemas'

/**
 * A proposal as the agency types it in the editor: every amount as typed, in pesos. The editor
 * machine holds it and checks it (`draftProblems`); the page sends it as the contract's body in
 * centavos (`draftInput`), read from the typed digits by `parsePesos` — never a float.
 */

/** One line item as typed: description, quantity and unit price in pesos ("12,500.50"). */
export type DraftItem = {
  /** Which row of the form it is (rows come and go; their inputs keep what was typed). */
  readonly key: number
  readonly description: string
  readonly quantity: string
  readonly unitPrice: string
}

export type DraftValues = {
  readonly title: string
  readonly items: readonly DraftItem[]
  /** The discount in pesos, '' for none. */
  readonly discount: string
  /** `YYYY-MM-DD`; '' lets the page fill in its default (30 days on). */
  readonly validUntil: string
  readonly scope: string
  readonly terms: string
  /** The payment plan as typed (`proposal-plan-draft.ts`), null for none. */
  readonly plan: DraftPlan | null
}

export const emptyItem = (key: number): DraftItem => ({
  key,
  description: '',
  quantity: '1',
  unitPrice: '',
})

export const emptyDraft: DraftValues = {
  title: '',
  items: [emptyItem(0)],
  discount: '',
  validUntil: '',
  scope: '',
  terms: '',
  plan: null,
}

/** Which parts of a typed draft are wrong, by field ('items.<key>.unitPrice' for an item's). */
export type DraftProblem =
  | 'title'
  | 'discount'
  | 'discountTooLarge'
  | 'validUntil'
  | `items.${number}.${'description' | 'quantity' | 'unitPrice'}`
  | PlanProblem

const isoDate = /^\d{4}-\d{2}-\d{2}$/

function quantityOf(typed: string): number | undefined {
  const trimmed = typed.trim()
  if (!/^\d{1,3}$/.test(trimmed)) return undefined
  const quantity = Number(trimmed)
  return quantity >= 1 && quantity <= moneyLimits.maxQuantity ? quantity : undefined
}

function unitPriceOf(typed: string): number | undefined {
  const centavos = parsePesos(typed)
  return centavos !== undefined && centavos <= moneyLimits.maxUnitPrice ? centavos : undefined
}

/** The discount in centavos: 0 when left empty, undefined when it is not an amount. */
function discountOf(typed: string): number | undefined {
  return typed.trim() === '' ? 0 : parsePesos(typed)
}

/**
 * The totals the typed amounts come to (`computeTotals`, as the server computes them), or
 * undefined while an amount is not (yet) one or the discount exceeds the subtotal: the editor's
 * preview as the agency types.
 */
export function draftTotals(values: {
  readonly items: readonly Pick<DraftItem, 'quantity' | 'unitPrice'>[]
  readonly discount: string
}): Totals | undefined {
  const items = values.items.map((item) => ({
    quantity: quantityOf(item.quantity),
    unitPrice: unitPriceOf(item.unitPrice),
  }))
  const discount = discountOf(values.discount)
  if (discount === undefined) return undefined
  const complete: { quantity: number; unitPrice: number }[] = []
  for (const item of items) {
    if (item.quantity === undefined || item.unitPrice === undefined) return undefined
    complete.push({ quantity: item.quantity, unitPrice: item.unitPrice })
  }
  return computeTotals(complete, discount)
}

/** What is wrong with `values`, in form order (none: it can be saved). */
export function draftProblems(values: DraftValues): DraftProblem[] {
  const problems: DraftProblem[] = []
  if (values.title.trim() === '') problems.push('title')
  const lines: { quantity: number; unitPrice: number }[] = []
  for (const item of values.items) {
    if (item.description.trim() === '') problems.push(`items.${item.key}.description`)
    const quantity = quantityOf(item.quantity)
    const unitPrice = unitPriceOf(item.unitPrice)
    if (quantity === undefined) problems.push(`items.${item.key}.quantity`)
    if (unitPrice === undefined) problems.push(`items.${item.key}.unitPrice`)
    lines.push({ quantity: quantity ?? 0, unitPrice: unitPrice ?? 0 })
  }
  const discount = discountOf(values.discount)
  const totals = discount === undefined ? undefined : computeTotals(lines, discount)
  if (discount === undefined) problems.push('discount')
  else if (totals === undefined) problems.push('discountTooLarge')
  if (values.validUntil !== '' && !isoDate.test(values.validUntil)) problems.push('validUntil')
  // The plan's sums are checked against the total only once every amount is one.
  if (values.plan)
    problems.push(...planProblems(values.plan, problems.length === 0 ? totals?.total : undefined))
  return problems
}

export function isValidDraft(values: DraftValues): boolean {
  return values.items.length > 0 && draftProblems(values).length === 0
}

/** The contract's body for a valid draft (amounts in centavos); `validUntil` '' is the server's default. */
export function draftInput(values: DraftValues): ProposalDraftInput {
  return {
    title: values.title,
    items: values.items.map((item) => ({
      description: item.description,
      quantity: quantityOf(item.quantity) ?? 0,
      unitPrice: unitPriceOf(item.unitPrice) ?? 0,
    })),
    discount: discountOf(values.discount) ?? 0,
    ...(values.validUntil === '' ? {} : { validUntil: values.validUntil }),
    scope: values.scope,
    terms: values.terms,
    paymentSchedule: scheduleInput(values.plan),
  }
}

/** The plan as the contract's body takes it (the body's lists are not read-only). */
function scheduleInput(plan: DraftPlan | null): ProposalDraftInput['paymentSchedule'] {
  const schedule = plan ? scheduleOf(plan) : undefined
  if (!schedule) return null
  return schedule.by === 'percent'
    ? { by: 'percent', instalments: schedule.instalments.map((item) => ({ ...item })) }
    : { by: 'amount', instalments: schedule.instalments.map((item) => ({ ...item })) }
}

type StoredDraft = {
  readonly title: string
  readonly items: readonly {
    readonly description: string
    readonly quantity: number
    readonly unitPrice: number
  }[]
  readonly discount: number
  readonly validUntil: string
  readonly scope: string
  readonly terms: string
  readonly paymentPlan: { readonly schedule: PaymentSchedule } | null
}

/** A stored proposal back in the editor, its amounts written as pesos ("12,500.00"). */
export function draftOf(proposal: StoredDraft): DraftValues {
  return {
    title: proposal.title,
    items: proposal.items.map((item, key) => ({
      key,
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: formatPlainAmount(item.unitPrice),
    })),
    discount: proposal.discount === 0 ? '' : formatPlainAmount(proposal.discount),
    validUntil: proposal.validUntil,
    scope: proposal.scope,
    terms: proposal.terms,
    // The plan's rows are keyed after the items' (one counter numbers both in the editor).
    plan: proposal.paymentPlan
      ? draftPlanOf(proposal.paymentPlan.schedule, proposal.items.length)
      : null,
  }
}
