import type { Locale } from './locales'
import { formatWholeNumber } from './whole-number'

/**
 * Money in Mexican pesos, as integer centavos everywhere (the API, the database, the PDF): no
 * floating point touches an amount. The one rule for totals:
 *
 *   line = quantity × unit price; subtotal = Σ lines; taxable = subtotal − discount;
 *   IVA = taxable × 16 / 100, rounded half up to the centavo; total = taxable + IVA.
 *
 * IVA is charged once, on the subtotal after the discount (never per line, so the lines' own
 * roundings cannot add up). With a rate of 16 % an exact half centavo cannot occur (16 × n / 100
 * has a fractional part that is a multiple of 0.04), but the rounding is written for any rate.
 */

/** IVA, the Mexican value-added tax: 16 %, in whole percent. */
export const ivaPercent = 16

export const currencyCode = 'MXN'

/** Bounds that keep every sum a safe integer (999 × 999,999.99 × 50 lines ≪ 2^53). */
export const moneyLimits = {
  /** 999,999.99 pesos. */
  maxUnitPrice: 99_999_999,
  maxQuantity: 999,
  maxItems: 50,
} as const

export type Centavos = number

export type LineItem = { readonly quantity: number; readonly unitPrice: Centavos }

export type Totals = {
  readonly subtotal: Centavos
  readonly discount: Centavos
  /** Subtotal minus discount: what IVA is charged on. */
  readonly taxable: Centavos
  readonly iva: Centavos
  readonly total: Centavos
}

/** `numerator / denominator` rounded half up (both non-negative integers, denominator > 0). */
export function divideHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator)
  const remainder = numerator - quotient * denominator
  return remainder * 2 >= denominator ? quotient + 1 : quotient
}

export function lineTotal(item: LineItem): Centavos {
  return item.quantity * item.unitPrice
}

/** IVA on a taxable amount, half up to the centavo. */
export function ivaOf(taxable: Centavos): Centavos {
  return divideHalfUp(taxable * ivaPercent, 100)
}

/**
 * The totals of a proposal, or `undefined` when the discount is larger than the subtotal (a
 * proposal never has a negative total). Items must be within `moneyLimits`.
 */
export function computeTotals(items: readonly LineItem[], discount: Centavos): Totals | undefined {
  const subtotal = items.reduce((sum, item) => sum + lineTotal(item), 0)
  if (!Number.isSafeInteger(subtotal) || discount > subtotal) return undefined
  const taxable = subtotal - discount
  const iva = ivaOf(taxable)
  return { subtotal, discount, taxable, iva, total: taxable + iva }
}

/** Whether a value is a whole number of centavos in 0 … max. */
export function isCentavos(value: unknown, max: number = Number.MAX_SAFE_INTEGER): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max
}

/**
 * A typed amount in pesos (`12500`, `12,500.5`, `12500.00`, `$12,500.00`) as centavos, or
 * undefined when it is not one: more than two decimals (`0.005` is refused, not rounded),
 * negative, or not a number. Commas group thousands (both languages write amounts this way).
 */
export function parsePesos(text: string): Centavos | undefined {
  const match = /^\s*(?:MX)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  const pesos = Number((match[1] ?? '').replaceAll(',', ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const value = pesos * 100 + cents
  return Number.isSafeInteger(value) ? value : undefined
}

/** `1234567` → `12,345.67`: thousands with commas, always two decimals. */
export function formatPlainAmount(centavos: Centavos): string {
  const sign = centavos < 0 ? '-' : ''
  const absolute = Math.abs(centavos)
  const cents = (absolute % 100).toString().padStart(2, '0')
  return `${sign}${formatWholeNumber(Math.floor(absolute / 100))}.${cents}`
}

/**
 * An amount as each language writes pesos: Spanish (Mexico) `$12,500.00`, English
 * `MX$12,500.00` (what `Intl.NumberFormat` gives for `es-MX` and `en` with MXN, written here so
 * the server, the PDF and every browser agree to the character).
 */
export function formatMoney(centavos: Centavos, locale: Locale): string {
  const symbol = locale === 'es' ? '$' : 'MX$'
  const plain = formatPlainAmount(Math.abs(centavos))
  return `${centavos < 0 ? '-' : ''}${symbol}${plain}`
}
