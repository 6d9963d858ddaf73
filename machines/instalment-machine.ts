import { getNextSnapshot, setup } from 'xstate'
import {
  type InstalmentAction,
  type InstalmentState,
  isInstalmentState,
} from '../domain/payments/instalment-state'

export { instalmentStates, isInstalmentState } from '../domain/payments/instalment-state'
export type { InstalmentAction, InstalmentState }

/**
 * One instalment of an accepted proposal's payment plan, the one rule book for what may happen
 * to it:
 *
 *   scheduled → (fallDue: acceptance, the request reaching its status, or its day) due
 *   due | partlyPaid → (pay, what is paid so far covers it) paid
 *                    | (pay, something but not all of it is paid) partlyPaid
 *   scheduled | due → (void, by the agency: nothing was paid) void
 *   partlyPaid | paid → (refund, by the agency: the money went back) refunded
 *
 * A payment is recorded against the request, not one instalment: its centavos go to the
 * instalments that are due in the plan's order and the rest is kept as the client's credit
 * (domain/payments/payment-allocation.ts); only an instalment that is due takes `pay`. `pay`
 * says what is paid towards the instalment after the payment and what it comes to, so the
 * machine — not the caller — decides between paid and partly paid. The server stores a change
 * only when this machine takes it from the stored state (`instalmentTransition`); the pages
 * offer only the actions it allows (`allowedInstalmentActions`).
 */

export type InstalmentEvent =
  | { readonly type: 'fallDue' }
  | { readonly type: 'pay'; readonly paidAfter: number; readonly amount: number }
  | { readonly type: 'void' }
  | { readonly type: 'refund' }

export type InstalmentEventType = InstalmentEvent['type']

const open = {
  pay: [
    { guard: 'settles', target: 'paid' },
    { guard: 'partly', target: 'partlyPaid' },
  ],
} as const

export const instalmentMachine = setup({
  types: { events: {} as InstalmentEvent },
  guards: {
    settles: ({ event }) => event.type === 'pay' && event.paidAfter >= event.amount,
    partly: ({ event }) => event.type === 'pay' && event.paidAfter > 0,
  },
}).createMachine({
  id: 'instalment',
  initial: 'scheduled',
  states: {
    scheduled: {
      on: {
        fallDue: { target: 'due' },
        void: { target: 'void' },
      },
    },
    due: {
      on: {
        ...open,
        void: { target: 'void' },
      },
    },
    partlyPaid: {
      on: {
        ...open,
        refund: { target: 'refunded' },
      },
    },
    paid: { on: { refund: { target: 'refunded' } } },
    void: { type: 'final' },
    refunded: { type: 'final' },
  },
})

/** The machine's snapshot of an instalment stored in `state`. */
export function instalmentSnapshotAt(state: InstalmentState) {
  return instalmentMachine.resolveState({ value: state })
}

/** The state `event` takes an instalment in `state` to, or undefined when the machine refuses. */
export function instalmentTransition(
  state: InstalmentState,
  event: InstalmentEvent,
): InstalmentState | undefined {
  const snapshot = instalmentSnapshotAt(state)
  if (!snapshot.can(event)) return undefined
  const next = getNextSnapshot(instalmentMachine, snapshot, event).value
  return isInstalmentState(next) ? next : undefined
}

/**
 * What the agency may do to an instalment in `state`: record a payment towards it (it is owed
 * now), void it (nothing was paid) or record a refund (something was).
 */
export function allowedInstalmentActions(state: InstalmentState): InstalmentAction[] {
  const actions: InstalmentAction[] = []
  if (instalmentTransition(state, { type: 'pay', paidAfter: 1, amount: 2 })) actions.push('record')
  if (instalmentTransition(state, { type: 'void' })) actions.push('void')
  if (instalmentTransition(state, { type: 'refund' })) actions.push('refund')
  return actions
}

/** Whether an instalment in `state` is owed now (a payment's centavos go to it). */
export function isOwed(state: InstalmentState): boolean {
  return allowedInstalmentActions(state).includes('record')
}
