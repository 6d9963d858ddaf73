/**
 * Amounts as an agency types them in the proposal editor ("12,500.50", "12500", "0.5"), read
 * into integer centavos by their digits — never through a floating-point number, so what is
 * typed is what is stored, to the centavo. Commas group thousands (as both es-MX and en write
 * them); at most two decimals; no sign.
 */

const typedAmount = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/** The centavos `typed` names, or undefined when it is not an amount in pesos. */
export function typedPesosToCentavos(typed: string): number | undefined {
  const match = typedAmount.exec(typed.trim())
  if (!match) return undefined
  const whole = (match[1] ?? '').replaceAll(',', '')
  const fraction = (match[2] ?? '').padEnd(2, '0')
  const centavos = BigInt(whole) * 100n + BigInt(fraction)
  if (centavos > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  return Number(centavos)
}

/** How an amount in centavos is put back in the editor: "12500.50", digits only. */
export function centavosToTypedPesos(centavos: number): string {
  const whole = Math.trunc(centavos / 100)
  const fraction = String(centavos % 100).padStart(2, '0')
  return `${whole}.${fraction}`
}

/** A whole quantity of at least one, as typed. */
export function typedQuantity(typed: string): number | undefined {
  const trimmed = typed.trim()
  if (!/^\d{1,6}$/.test(trimmed)) return undefined
  const quantity = Number(trimmed)
  return quantity >= 1 ? quantity : undefined
}
