import { type Centavos, formatPlainAmount, parsePesos } from '../money'
import type { paymentMessages } from '../payments/payment-messages'
import {
  type InstalmentDue,
  instalmentAmounts,
  type PaymentSchedule,
} from '../payments/payment-schedule'
import { scheduleProblem } from '../payments/payment-schemas'
import { isRealDate } from '../validation/field-rules'

/**
 * A proposal's payment plan as the agency types it in the editor: each instalment's share as
 * typed (a whole percentage, or pesos like "7,250.00") and when it falls due. `scheduleOf` reads
 * it into the contract's `PaymentSchedule` (centavos from the digits, never a float);
 * `planProblems` says what is wrong, with the shared schema's own messages
 * (`domain/payments/payment-messages.ts`), so the form and the server's 400 say the same.
 */

/** When a typed instalment falls due: the three choices of the form. */
export type DraftDue = 'acceptance' | 'delivered' | 'date'

export type DraftInstalment = {
  /** Which row of the form it is (rows come and go; their inputs keep what was typed). */
  readonly key: number
  /** A whole percentage ("50") or pesos ("7,250.00"), by the plan's `by`. */
  readonly share: string
  readonly due: DraftDue
  /** YYYY-MM-DD when `due` is 'date' (kept as typed otherwise, unused). */
  readonly date: string
}

export type DraftPlan = {
  readonly by: 'percent' | 'amount'
  readonly instalments: readonly DraftInstalment[]
}

/** The shared messages a plan's problem is said with. */
export type PlanMessage = keyof typeof paymentMessages

/** What is wrong with a typed plan: one instalment's share or date, or the plan as a whole. */
export type PlanProblem =
  | `plan.${number}.share`
  | `plan.${number}.date`
  | 'plan.percentsNotHundred'
  | 'plan.amountsNotTotal'
  | 'plan.instalmentTooSmall'

/** A new row: a first instalment is the whole total on acceptance, a later one is due on delivery. */
export function emptyInstalment(key: number, first: boolean): DraftInstalment {
  return first
    ? { key, share: '100', due: 'acceptance', date: '' }
    : { key, share: '', due: 'delivered', date: '' }
}

function percentOf(typed: string): number | undefined {
  const trimmed = typed.trim()
  if (!/^\d{1,3}$/.test(trimmed)) return undefined
  const percent = Number(trimmed)
  return percent >= 1 && percent <= 100 ? percent : undefined
}

function amountOf(typed: string): Centavos | undefined {
  const centavos = parsePesos(typed)
  return centavos !== undefined && centavos >= 1 ? centavos : undefined
}

function dueOf(instalment: DraftInstalment): InstalmentDue | undefined {
  if (instalment.due === 'acceptance') return { on: 'acceptance' }
  if (instalment.due === 'delivered') return { on: 'status', status: 'delivered' }
  const date = instalment.date.trim()
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && isRealDate(date) ? { on: 'date', date } : undefined
}

/**
 * The contract's plan for a typed one, or undefined while a share or a date is not one (the
 * sums are the schema's to check, with the total).
 */
export function scheduleOf(plan: DraftPlan): PaymentSchedule | undefined {
  if (plan.by === 'percent') {
    const instalments = []
    for (const row of plan.instalments) {
      const percent = percentOf(row.share)
      const due = dueOf(row)
      if (percent === undefined || due === undefined) return undefined
      instalments.push({ percent, due })
    }
    return { by: 'percent', instalments }
  }
  const instalments = []
  for (const row of plan.instalments) {
    const amount = amountOf(row.share)
    const due = dueOf(row)
    if (amount === undefined || due === undefined) return undefined
    instalments.push({ amount, due })
  }
  return { by: 'amount', instalments }
}

/**
 * What is wrong with a typed plan for a proposal of `total` centavos (undefined while the
 * totals are not amounts: the plan's sums are then not checked), in form order. The date's
 * range (after today, within two years) is the server's to check: it knows the day.
 */
export function planProblems(plan: DraftPlan, total: Centavos | undefined): PlanProblem[] {
  const problems: PlanProblem[] = []
  for (const row of plan.instalments) {
    const share = plan.by === 'percent' ? percentOf(row.share) : amountOf(row.share)
    if (share === undefined) problems.push(`plan.${row.key}.share`)
    if (dueOf(row) === undefined) problems.push(`plan.${row.key}.date`)
  }
  if (problems.length > 0) return problems
  const schedule = scheduleOf(plan)
  if (schedule === undefined) return problems
  if (
    schedule.by === 'percent' &&
    schedule.instalments.reduce((sum, row) => sum + row.percent, 0) !== 100
  )
    return ['plan.percentsNotHundred']
  if (total === undefined) return problems
  const problem = scheduleProblem(schedule, total)
  return problem === undefined ? problems : [`plan.${problem}`]
}

export function isPlanProblem(problem: string): problem is PlanProblem {
  return problem.startsWith('plan.')
}

/** The field a plan problem is shown by: a row's share or date, or the plan as a whole ('plan'). */
export function planProblemField(problem: PlanProblem): string {
  return /^plan\.\d+\./.test(problem) ? problem : 'plan'
}

/** The shared message each problem is said with. */
export function planProblemMessage(problem: PlanProblem, plan: DraftPlan): PlanMessage {
  if (problem.endsWith('.share'))
    return plan.by === 'percent' ? 'percentInvalid' : 'instalmentAmountInvalid'
  if (problem.endsWith('.date')) return 'dueDateInvalid'
  return problem.slice('plan.'.length) as PlanMessage
}

/**
 * The centavos each typed instalment comes to for `total` (`instalmentAmounts`: the one
 * rounding rule), by row key; empty while the plan or the total is not complete.
 */
export function typedInstalmentAmounts(
  plan: DraftPlan,
  total: Centavos | undefined,
): Map<number, Centavos> {
  const amounts = new Map<number, Centavos>()
  const schedule = scheduleOf(plan)
  if (schedule === undefined || total === undefined) return amounts
  const computed = instalmentAmounts(schedule, total)
  plan.instalments.forEach((row, index) => {
    const amount = computed[index]
    if (amount !== undefined) amounts.set(row.key, amount)
  })
  return amounts
}

/** A stored plan back in the editor, as it would have been typed (keys from `firstKey` on). */
export function draftPlanOf(schedule: PaymentSchedule, firstKey: number): DraftPlan {
  const dueFields = (due: InstalmentDue) =>
    due.on === 'date'
      ? { due: 'date' as const, date: due.date }
      : {
          due: due.on === 'acceptance' ? ('acceptance' as const) : ('delivered' as const),
          date: '',
        }
  return schedule.by === 'percent'
    ? {
        by: 'percent',
        instalments: schedule.instalments.map((row, index) => ({
          key: firstKey + index,
          share: String(row.percent),
          ...dueFields(row.due),
        })),
      }
    : {
        by: 'amount',
        instalments: schedule.instalments.map((row, index) => ({
          key: firstKey + index,
          share: formatPlainAmount(row.amount),
          ...dueFields(row.due),
        })),
      }
}
