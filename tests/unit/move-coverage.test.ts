import { describe, expect, it } from 'vitest'
import { assign, type EventFromLogic, setup } from 'xstate'
import { coverageReportHtml, type MachineCoverage, movesSummary } from '../paths/coverage-report'
import {
  guardOutcomes,
  isEdgeId,
  missingGuardOutcomes,
  movesSeen,
  plannedMoves,
  possiblePairs,
} from '../paths/move-coverage'
import { pathFromEvents, planMachinePaths } from '../paths/path-plan'

// Guard outcomes and transition pairs, read from the records of a run (here: the model's
// replay of an event sequence, the same records the probe makes of a running component).

const door = setup({
  types: {
    events: {} as { type: 'open'; force: number } | { type: 'close' } | { type: 'knock' },
    context: {} as { force: number },
  },
  guards: {
    strong: ({ event }) => event.type === 'open' && event.force > 5,
    weak: ({ event }) => event.type === 'open' && event.force > 0,
    forced: ({ context }) => context.force > 8,
  },
}).createMachine({
  id: 'door',
  context: { force: 0 },
  initial: 'shut',
  states: {
    shut: {
      on: {
        open: [
          {
            guard: 'strong',
            target: 'checking',
            actions: assign({ force: ({ event }) => event.force }),
          },
          { guard: 'weak', target: 'ajar' },
        ],
        knock: {},
      },
    },
    checking: { always: [{ guard: 'forced', target: 'broken' }, { target: 'open' }] },
    ajar: { on: { close: 'shut' } },
    open: { on: { close: 'shut' } },
    broken: {},
  },
})

type DoorEvent = EventFromLogic<typeof door>

const seen = (events: readonly DoorEvent[]) => {
  const path = pathFromEvents(door, undefined, events)
  return movesSeen(
    door,
    path.steps.flatMap((step) => step.microsteps),
  )
}

const labelsOf = (ids: ReadonlySet<string>, items: ReturnType<typeof guardOutcomes>) =>
  items.filter((item) => ids.has(item.id)).map((item) => item.label)

describe('guard outcomes', () => {
  const outcomes = guardOutcomes(door)

  it('lists a yes and a no for each guarded transition, eventless ones included', () => {
    expect(outcomes.map((outcome) => outcome.label)).toEqual([
      'shut --open [strong]--> checking: guard says yes',
      'shut --open [strong]--> checking: guard says no',
      'shut --open [weak]--> ajar: guard says yes',
      'shut --open [weak]--> ajar: guard says no',
      'checking --always [forced]--> broken: guard says yes',
      'checking --always [forced]--> broken: guard says no',
    ])
  })

  it('sees a guard say no when a later alternative is taken, and never asks the later ones after a yes', () => {
    // A weak push: strong says no, weak yes.
    expect(labelsOf(seen([{ type: 'open', force: 2 }]), outcomes)).toEqual([
      'shut --open [strong]--> checking: guard says no',
      'shut --open [weak]--> ajar: guard says yes',
    ])
    // A strong push: strong yes (weak not asked); checking's `forced` says no, so the
    // unguarded alternative is taken.
    expect(labelsOf(seen([{ type: 'open', force: 6 }]), outcomes)).toEqual([
      'shut --open [strong]--> checking: guard says yes',
      'checking --always [forced]--> broken: guard says no',
    ])
    expect(labelsOf(seen([{ type: 'open', force: 9 }]), outcomes)).toEqual([
      'shut --open [strong]--> checking: guard says yes',
      'checking --always [forced]--> broken: guard says yes',
    ])
  })

  it('sees every guard of a list say no when none is taken, and nothing for another event', () => {
    expect(labelsOf(seen([{ type: 'open', force: 0 }]), outcomes)).toEqual([
      'shut --open [strong]--> checking: guard says no',
      'shut --open [weak]--> ajar: guard says no',
    ])
    expect(labelsOf(seen([{ type: 'knock' }]), outcomes)).toEqual([])
  })
})

describe('guard outcomes at the start', () => {
  it('sees the guards of an eventless choice the start makes before it rests', () => {
    const gate = setup({
      types: { context: {} as { open: boolean }, input: {} as { open: boolean } },
      guards: { isOpen: ({ context }) => context.open },
    }).createMachine({
      id: 'gate',
      context: ({ input }) => ({ open: input.open }),
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'isOpen', target: 'open' }, { target: 'shut' }] },
        open: {},
        shut: {},
      },
    })
    const outcomesFor = (open: boolean) => {
      const path = pathFromEvents(gate, { open }, [])
      const ids = movesSeen(
        gate,
        path.steps.flatMap((step) => step.microsteps),
      )
      return guardOutcomes(gate)
        .filter((outcome) => ids.has(outcome.id))
        .map((outcome) => outcome.label)
    }
    expect(outcomesFor(true)).toEqual(['starting --always [isOpen]--> open: guard says yes'])
    expect(outcomesFor(false)).toEqual(['starting --always [isOpen]--> open: guard says no'])
  })
})

describe('transition pairs', () => {
  const pairs = possiblePairs(door)

  it('pairs each transition with those its target (or its own state) lets follow', () => {
    const followers = (label: string) =>
      pairs
        .filter((pair) => pair.label.startsWith(`${label}  ⇒  `))
        .map((pair) => pair.label.split('  ⇒  ')[1])
    expect(followers('ajar --close--> shut')).toEqual([
      'shut --open [strong]--> checking',
      'shut --open [weak]--> ajar',
      'shut --knock--> shut (stays)',
    ])
    expect(followers('shut --knock--> shut (stays)')).toEqual([
      'shut --open [strong]--> checking',
      'shut --open [weak]--> ajar',
      'shut --knock--> shut (stays)',
    ])
    expect(followers('shut --open [strong]--> checking')).toEqual([
      'checking --always [forced]--> broken',
      'checking --always--> open',
    ])
    expect(followers('checking --always [forced]--> broken')).toEqual([])
  })

  it('sees the pairs a run takes, eventless steps included', () => {
    const ids = seen([
      { type: 'knock' },
      { type: 'open', force: 6 },
      { type: 'close' },
      { type: 'open', force: 1 },
    ])
    expect(
      pairs
        .filter((pair) => ids.has(pair.id))
        .map((pair) => pair.label)
        .sort(),
    ).toEqual(
      [
        'shut --knock--> shut (stays)  ⇒  shut --open [strong]--> checking',
        'shut --open [strong]--> checking  ⇒  checking --always--> open',
        'checking --always--> open  ⇒  open --close--> shut',
        'open --close--> shut  ⇒  shut --open [weak]--> ajar',
      ].sort(),
    )
  })
})

describe('the report', () => {
  it('counts the guard outcomes seen (of those a planned path shows) and the pairs taken', () => {
    const plan = planMachinePaths(door, {
      events: () => [
        { type: 'open', force: 9 },
        { type: 'open', force: 2 },
      ],
    })
    const planned = plannedMoves(door, plan.paths)
    const outcomes = guardOutcomes(door)
    const unreachable = outcomes.filter((outcome) => !planned.has(outcome.id))
    // No payload of the tables lets `forced` say no, nor `weak` (force 0 is never sent).
    expect(unreachable.map((outcome) => outcome.label)).toEqual([
      'shut --open [weak]--> ajar: guard says no',
      'checking --always [forced]--> broken: guard says no',
    ])
    const report: MachineCoverage = {
      machine: 'door',
      edges: plan.edges,
      unreachable: plan.unreachable,
      paths: plan.paths.map((path, index) => ({
        title: path.title,
        // The first path failed: what it showed does not count.
        passed: index > 0,
        edgeIds: [...path.edgeIds, ...planned].filter((id) => index > 0 || isEdgeId(id)),
      })),
      guardOutcomes: outcomes,
      unreachableGuardOutcomes: unreachable,
      pairs: possiblePairs(door),
    }
    expect(movesSummary(report)).toMatch(
      /^guard outcomes 4\/6 seen \(100 % of the 4 reachable\); transition pairs \d+\/\d+ taken/,
    )
    const html = coverageReportHtml([report])
    expect(html).toContain('guard outcomes 4/6 seen')
    expect(html).toContain('Guard outcomes no planned path shows (2)')
    expect(html).toContain('Transition pairs not taken')
    // The coverage test's list: what a planned path shows and no passing run did.
    const seenByPassing = new Set(report.paths.filter((p) => p.passed).flatMap((p) => p.edgeIds))
    expect(missingGuardOutcomes(door, planned, new Set(planned))).toEqual([])
    expect(missingGuardOutcomes(door, planned, new Set())).toEqual([
      'shut --open [strong]--> checking: guard says yes',
      'shut --open [strong]--> checking: guard says no',
      'shut --open [weak]--> ajar: guard says yes',
      'checking --always [forced]--> broken: guard says yes',
    ])
    expect(missingGuardOutcomes(door, planned, seenByPassing)).toEqual([])
  })
})
