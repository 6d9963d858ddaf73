import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The choices the contact form and the service-request brief offer, as stable ids (stored in the
 * database and sent over the API) with their labels. Budgets are in Mexican pesos, the currency
 * the agency quotes in.
 */
export const budgetRanges = ['under-25k', '25k-75k', '75k-200k', 'over-200k', 'not-sure'] as const
export type BudgetRange = (typeof budgetRanges)[number]

export const budgetLabels: Record<BudgetRange, MessageDescriptor> = {
  'under-25k': msg`Under MXN 25,000`,
  '25k-75k': msg`MXN 25,000 – 75,000`,
  '75k-200k': msg`MXN 75,000 – 200,000`,
  'over-200k': msg`Over MXN 200,000`,
  'not-sure': msg`Not sure yet`,
}

/** The budget's field, the same in the contact form and the service-request brief. */
export const budgetField = {
  label: msg`Budget`,
  prompt: msg`Choose a budget range`,
  /** Prices in Mexico are quoted before VAT (IVA), and a business client needs a CFDI invoice. */
  hint: msg`Amounts + IVA. We issue CFDI invoices.`,
} as const

/** When a client would like the work to start. */
export const desiredStarts = ['asap', 'within-1-month', 'within-3-months', 'flexible'] as const
export type DesiredStart = (typeof desiredStarts)[number]

export const desiredStartLabels: Record<DesiredStart, MessageDescriptor> = {
  asap: msg`As soon as possible`,
  'within-1-month': msg`Within a month`,
  'within-3-months': msg`Within three months`,
  flexible: msg`I'm flexible`,
}
