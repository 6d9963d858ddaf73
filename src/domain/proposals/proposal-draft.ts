import { typedPesosToCentavos, typedQuantity } from './typed-pesos'

/**
 * A proposal as the agency types it in the editor: every amount as typed, in pesos. The editor
 * machine holds it; the page turns it into the contract's body (centavos) once it is valid.
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
}

/** Which parts of a typed draft are wrong, by field ('items.<key>.unitPrice' for an item's). */
export type DraftProblem =
  | 'title'
  | 'discount'
  | 'discountTooLarge'
  | 'validUntil'
  | `items.${number}.${'description' | 'quantity' | 'unitPrice'}`

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** What is wrong with `values`, in form order (none: it can be saved). */
export function draftProblems(values: DraftValues): DraftProblem[] {
  const problems: DraftProblem[] = []
  if (values.title.trim() === '') problems.push('title')
  let subtotal = 0
  for (const item of values.items) {
    if (item.description.trim() === '') problems.push(`items.${item.key}.description`)
    const quantity = typedQuantity(item.quantity)
    const price = typedPesosToCentavos(item.unitPrice)
    if (quantity === undefined) problems.push(`items.${item.key}.quantity`)
    if (price === undefined) problems.push(`items.${item.key}.unitPrice`)
    subtotal += (quantity ?? 0) * (price ?? 0)
  }
  if (values.discount.trim() !== '') {
    const discount = typedPesosToCentavos(values.discount)
    if (discount === undefined) problems.push('discount')
    else if (discount > subtotal) problems.push('discountTooLarge')
  }
  if (values.validUntil !== '' && !isoDate.test(values.validUntil)) problems.push('validUntil')
  return problems
}

export function isValidDraft(values: DraftValues): boolean {
  return values.items.length > 0 && draftProblems(values).length === 0
}

/** The default validity: 30 days after `today` (`YYYY-MM-DD`, in UTC). */
export function defaultValidUntil(today: Date): string {
  const until = new Date(today.getTime() + 30 * 24 * 60 * 60 * 1000)
  return until.toISOString().slice(0, 10)
}
