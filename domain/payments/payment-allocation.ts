import type { Centavos } from '../money'

/**
 * Where a payment's centavos go: to the instalments that are owed now (due or partly paid), in
 * the plan's order, each up to what it still lacks; what is left over is the client's credit,
 * kept and applied to the next instalment that falls due (`allocatePayment` again, with the
 * credit as the amount). Nothing is created or lost: the parts and the credit add up to the
 * amount (the property tests prove it for any amounts).
 */

export type OwedInstalment = {
  readonly id: string
  readonly amount: Centavos
  /** What was paid towards it so far (0 … amount). */
  readonly paid: Centavos
}

export type Allocation = {
  /** What each instalment receives, in order; instalments that receive nothing are left out. */
  readonly parts: readonly { readonly id: string; readonly amount: Centavos }[]
  /** What is left over: the client's credit. */
  readonly credit: Centavos
}

export function allocatePayment(owed: readonly OwedInstalment[], amount: Centavos): Allocation {
  const parts: { id: string; amount: Centavos }[] = []
  let left = amount
  for (const instalment of owed) {
    if (left === 0) break
    const lacking = Math.max(0, instalment.amount - instalment.paid)
    const part = Math.min(left, lacking)
    if (part > 0) {
      parts.push({ id: instalment.id, amount: part })
      left -= part
    }
  }
  return { parts, credit: left }
}
