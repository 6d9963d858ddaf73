import { describe, expect, it } from 'vitest'
import { assign, setup } from 'xstate'
import { afterDelayMs, planMachinePaths } from '../paths/path-plan'

// The planner's own checks: the planned paths take every transition, including the ones the
// "state only" serialisation misses, both sides of a guard, and list what no path reaches.
// (What the harness does with a component that does not follow them:
// tests/paths/harness.paths.test.tsx.)

const lamp = setup({
  types: {
    events: {} as { type: 'flip' } | { type: 'poke' } | { type: 'dim'; level: number },
    context: {} as { level: number },
  },
  delays: { nap: 300 },
  guards: { never: () => false },
}).createMachine({
  id: 'lamp',
  context: { level: 0 },
  initial: 'off',
  states: {
    off: {
      on: {
        flip: { target: 'on' },
        poke: { guard: 'never', target: 'broken' },
      },
    },
    on: {
      after: { nap: { target: 'off' }, 1000: { target: 'broken' } },
      on: {
        flip: { target: 'off' },
        // a targetless transition and a re-entering self-transition: no new state value
        dim: { actions: assign({ level: ({ event }) => event.level }) },
        poke: { target: 'on', reenter: true },
      },
    },
    broken: {},
  },
})

describe('planMachinePaths', () => {
  it('takes every reachable transition, self-transitions and delayed ones included', () => {
    const { paths, edges, unreachable } = planMachinePaths(lamp, {
      events: () => [{ type: 'dim', level: 1 }],
    })
    expect(edges.map((edge) => edge.label)).toEqual([
      'off --flip--> on',
      'off --poke [never]--> broken',
      'off --poke [not never]--> not taken',
      'on --flip--> off',
      'on --dim--> on (stays)',
      'on --poke--> on',
      'on --xstate.after.1000.lamp.on--> broken',
      'on --xstate.after.nap.lamp.on--> off',
      '(machine) --initial--> off',
    ])
    expect(unreachable.map((edge) => edge.label)).toEqual(['off --poke [never]--> broken'])
    const titles = paths.map((path) => path.title)
    expect(titles).toContain('start → flip → poke ⇒ on')
    expect(titles.some((title) => title.startsWith('start → flip → dim {"level":1} →'))).toBe(true)
    expect(titles).toContain('start → flip → xstate.after.nap.lamp.on ⇒ off')
    expect(titles).toContain('start → flip → xstate.after.1000.lamp.on ⇒ broken')
    for (const path of paths) expect(path.steps[0]?.event.type).toBe('xstate.init')
    // the guard's "no" side is a path of its own
    expect(titles).toContain('start → poke ⇒ off')
  })

  it('makes a path per payload given for an event', () => {
    const { paths } = planMachinePaths(lamp, {
      events: () => [
        { type: 'dim', level: 1 },
        { type: 'dim', level: 2 },
      ],
    })
    const titles = paths.map((path) => path.title)
    expect(titles.some((title) => title.includes('dim {"level":1}'))).toBe(true)
    expect(titles.some((title) => title.includes('dim {"level":2}'))).toBe(true)
  })
})

describe('afterDelayMs', () => {
  it('reads numeric and named delays', () => {
    const snapshot = { context: { level: 0 } }
    expect(afterDelayMs(lamp, 'xstate.after.1000.lamp.on', snapshot)).toBe(1000)
    expect(afterDelayMs(lamp, 'xstate.after.nap.lamp.on', snapshot)).toBe(300)
    expect(() => afterDelayMs(lamp, 'xstate.after.unknown.lamp.on', snapshot)).toThrow(/unknown/)
  })

  it('plans a transition from each context it is reached with, when asked', () => {
    // A note that a cancel empties: reached empty (edit → cancel) and filled (after a failed save).
    const note = setup({
      types: {
        events: {} as
          | { type: 'edit' }
          | { type: 'save'; text: string }
          | { type: 'fail' }
          | { type: 'cancel' },
        context: {} as { text: string },
      },
    }).createMachine({
      id: 'note',
      context: { text: '' },
      initial: 'idle',
      states: {
        idle: { on: { edit: 'editing' } },
        editing: {
          on: {
            save: { target: 'saving', actions: assign({ text: ({ event }) => event.text }) },
            cancel: { target: 'idle', actions: assign({ text: '' }) },
          },
        },
        saving: { on: { fail: 'editing' } },
      },
    })
    const events = () => [{ type: 'save', text: 'hello' }] as const
    const cancelsFilled = (titles: readonly string[]) =>
      titles.some((title) => title.includes('fail → cancel'))
    expect(cancelsFilled(planMachinePaths(note, { events }).paths.map((p) => p.title))).toBe(false)
    expect(
      cancelsFilled(
        planMachinePaths(note, { events, fromEveryContext: true }).paths.map((p) => p.title),
      ),
    ).toBe(true)
  })
})
