import { isOneOf } from '../one-of'

/**
 * The states an instalment may be stored in. Which change is allowed from which is not listed
 * here: the `instalment` machine (machines/instalment-machine.ts) is the one rule book.
 */
export const instalmentStates = [
  'scheduled',
  'due',
  'partlyPaid',
  'paid',
  'void',
  'refunded',
] as const
export type InstalmentState = (typeof instalmentStates)[number]

export const isInstalmentState = isOneOf(instalmentStates)

/** What the agency may do to an instalment (the rest happens to it: it falls due, it is paid). */
export const instalmentActions = ['record', 'void', 'refund'] as const
export type InstalmentAction = (typeof instalmentActions)[number]
