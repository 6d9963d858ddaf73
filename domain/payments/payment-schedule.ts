import type { Centavos } from '../money'

/**
 * A proposal's payment plan: the instalments the total is paid in, each a share of the total
 * and a moment it falls due. One plan is either all percentages or all amounts (centavos);
 * `instalmentAmounts` turns it into centavos that add up to the total exactly.
 */

/** The most instalments a plan may have (a year paid monthly). */
export const maxInstalments = 12

/**
 * The request statuses an instalment may fall due on. After acceptance the request is "In
 * progress" (that is the acceptance itself) and the only later step forward is "Delivered"
 * (machines/service-request-machine.ts; its test checks this list against the lifecycle).
 */
export const dueStatuses = ['delivered'] as const
export type DueStatus = (typeof dueStatuses)[number]

/** When an instalment falls due: on acceptance, when the request reaches a status, or on a day. */
export type InstalmentDue =
  | { readonly on: 'acceptance' }
  | { readonly on: 'status'; readonly status: DueStatus }
  /** YYYY-MM-DD, a day in Mexico City (due from its start). */
  | { readonly on: 'date'; readonly date: string }

export type PercentInstalment = { readonly percent: number; readonly due: InstalmentDue }
export type AmountInstalment = { readonly amount: Centavos; readonly due: InstalmentDue }

export type PaymentSchedule =
  | { readonly by: 'percent'; readonly instalments: readonly PercentInstalment[] }
  | { readonly by: 'amount'; readonly instalments: readonly AmountInstalment[] }

/**
 * The centavos each instalment of `schedule` comes to, for a proposal of `total` centavos, in
 * the schedule's order. The one rounding rule: each percentage instalment is
 * ⌊total × percent / 100⌋ — rounded down to the centavo — and the centavos the roundings left
 * over go to the last instalment, so the amounts always add up to the total exactly and no
 * instalment but the last is ever more than its share. An amounts plan is taken as written (the
 * schema has checked that it adds up to the total).
 */
export function instalmentAmounts(schedule: PaymentSchedule, total: Centavos): Centavos[] {
  if (schedule.by === 'amount') return schedule.instalments.map((instalment) => instalment.amount)
  const amounts = schedule.instalments.map((instalment) =>
    Math.floor((total * instalment.percent) / 100),
  )
  const given = amounts.reduce((sum, amount) => sum + amount, 0)
  const last = amounts.length - 1
  if (last >= 0) amounts[last] = (amounts[last] ?? 0) + total - given
  return amounts
}
