import { describe, expect, it } from 'vitest'
import { dueStatuses } from '../domain/payments/payment-schedule'
import { planMachinePaths } from '../tests/paths/path-plan'
import {
  allowedInstalmentActions,
  type InstalmentEvent,
  type InstalmentState,
  instalmentMachine,
  instalmentStates,
  instalmentTransition,
  isInstalmentState,
  isOwed,
} from './instalment-machine'
import { changeEvent } from './service-request-machine'

/** An instalment of 100 centavos: nothing, part of it or all of it paid after a payment. */
const payments: InstalmentEvent[] = [
  { type: 'pay', paidAfter: 0, amount: 100 },
  { type: 'pay', paidAfter: 40, amount: 100 },
  { type: 'pay', paidAfter: 100, amount: 100 },
  { type: 'pay', paidAfter: 130, amount: 100 },
]

describe('instalment machine', () => {
  it('has the stored states', () => {
    expect(Object.keys(instalmentMachine.states).sort()).toEqual([...instalmentStates].sort())
  })

  it('lets the agency record towards what is owed, void what is unpaid, refund what is paid', () => {
    const actions = Object.fromEntries(
      instalmentStates.map((state) => [state, allowedInstalmentActions(state)]),
    )
    expect(actions).toEqual({
      scheduled: ['void'],
      due: ['record', 'void'],
      partlyPaid: ['record', 'refund'],
      paid: ['refund'],
      void: [],
      refunded: [],
    })
    expect(instalmentStates.filter(isOwed)).toEqual(['due', 'partlyPaid'])
  })

  it('decides paid or partly paid from the amounts, and refuses a payment of nothing', () => {
    expect(instalmentTransition('due', { type: 'pay', paidAfter: 99, amount: 100 })).toBe(
      'partlyPaid',
    )
    expect(instalmentTransition('partlyPaid', { type: 'pay', paidAfter: 100, amount: 100 })).toBe(
      'paid',
    )
    expect(instalmentTransition('due', { type: 'pay', paidAfter: 0, amount: 100 })).toBeUndefined()
    expect(instalmentTransition('scheduled', { type: 'pay', paidAfter: 100, amount: 100 })).toBe(
      undefined,
    )
    expect(instalmentTransition('paid', { type: 'fallDue' })).toBeUndefined()
  })

  it('falls due only on statuses the request reaches after acceptance, by the agency', () => {
    for (const status of dueStatuses)
      expect(changeEvent('inProgress', status, 'agency')).toBeDefined()
  })
})

describe('instalment machine, generated paths', () => {
  const plan = planMachinePaths(instalmentMachine, { events: () => payments })

  it('reaches every transition, the refused payment included', () => {
    expect(plan.unreachable).toEqual([])
    const taken = new Set(plan.paths.flatMap((path) => path.edgeIds))
    const event = plan.edges.filter((edge) => edge.kind !== 'initial')
    expect(event.filter((edge) => !taken.has(edge.id)).map((edge) => edge.label)).toEqual([])
    expect(plan.edges.map((edge) => edge.label)).toContain(
      'partlyPaid --pay [not partly]--> not taken',
    )
  })

  // Each path replayed through the functions the server stores changes with and the pages read:
  // after every step, they agree with the machine's own snapshot.
  for (const path of plan.paths) {
    it(`follows ${path.title}`, () => {
      let state: InstalmentState = 'scheduled'
      for (const step of path.steps.slice(1)) {
        const value = step.state.value
        if (typeof value !== 'string' || !isInstalmentState(value)) throw new Error(String(value))
        const next = instalmentTransition(state, step.event as InstalmentEvent)
        expect(next ?? state).toBe(value)
        expect(allowedInstalmentActions(value)).toEqual(allowedInstalmentActions(next ?? state))
        state = value
      }
    })
  }
})
