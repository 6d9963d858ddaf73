import { agencyDay } from '../agency-day'
import type { InstalmentState } from './instalment-state'

/**
 * The agency's receivables: every instalment, owed or not, and the one rule for "overdue".
 *
 * An instalment's due day is the day it is due in Mexico City (domain/agency-day.ts): its plan's
 * date, or — due on acceptance or on a status — the day it fell due. It is **overdue** while it
 * is owed (due, or partly paid) and its due day is before today in Mexico City: due today is not
 * yet overdue; from the first minute of the next day there, it is. A scheduled instalment (its
 * day or status has not come) is never overdue, nor one paid, void or refunded.
 *
 * The list's SQL says the same in server/payments/receivables-store.ts (`overdueSql`); the
 * server's tests hold the two to the same answer either side of midnight in Mexico City.
 */
export function isOverdue(
  instalment: { readonly state: InstalmentState; readonly dueDay: string | null },
  now: Date,
): boolean {
  const owed = instalment.state === 'due' || instalment.state === 'partlyPaid'
  return owed && instalment.dueDay !== null && instalment.dueDay < agencyDay(now)
}

/**
 * What the list's state filter offers: an instalment state, `overdue` (the rule above), or
 * `open` (everything still owed or to come: scheduled, due, partly paid).
 */
export const receivableStates = [
  'open',
  'overdue',
  'due',
  'partlyPaid',
  'scheduled',
  'paid',
  'void',
  'refunded',
] as const
export type ReceivableStateFilter = (typeof receivableStates)[number]

/** The states whose balance is still to be paid (the list's open balance adds them up). */
export const openInstalmentStates = ['scheduled', 'due', 'partlyPaid'] as const

/** The instalment number a search names as its folio (`PAG-000042`, `pag 42`), if it is one. */
export function parseFolioNumber(search: string): number | undefined {
  const match = /^pag[\s-]*0*(\d{1,6})$/i.exec(search.trim())
  if (!match) return undefined
  const number = Number(match[1])
  return number === 0 ? undefined : number
}
