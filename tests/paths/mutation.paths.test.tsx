import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { assign, setup } from 'xstate'
import { inspectorOptions } from '../../src/ui/machine-inspector'
import { type MachinePathsOptions, runMachinePath, withMachineProbe } from './machine-paths'
import { registerMutantTests } from './mutant-runner'
import { planMachinePaths } from './path-plan'
import { pathRunSettings } from './walk-settings'

// The mutation runner tests itself, as `npm run test:paths -- --mutate` runs it: a counter
// whose component builds its machine with `.provide()` (as the app's components do); a mutant
// that inverts its guard is killed by the generated paths, and one that cannot change anything
// (resetting a count that is 0 whenever the state is entered) survives and is reported as the
// equivalent mutant it is listed as.

const counterMachine = setup({
  types: {
    context: {} as { readonly count: number },
    events: {} as { type: 'add' } | { type: 'finish' },
  },
  guards: { belowLimit: ({ context }) => context.count < 2 },
}).createMachine({
  id: 'counterFixture',
  context: { count: 0 },
  initial: 'counting',
  states: {
    counting: {
      // Entered only at the start, when the count is 0 already.
      entry: assign({ count: 0 }),
      on: {
        add: {
          guard: 'belowLimit',
          actions: assign({ count: ({ context }) => context.count + 1 }),
        },
        finish: 'done',
      },
    },
    done: { type: 'final' },
  },
})

function Counter() {
  const [machine] = useState(() => counterMachine.provide({}))
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  return (
    <div>
      <output aria-label="Count">{snapshot.context.count}</output>
      {snapshot.matches('done') ? (
        <p>Done</p>
      ) : (
        <>
          <button type="button" onClick={() => send({ type: 'add' })}>
            Add
          </button>
          <button type="button" onClick={() => send({ type: 'finish' })}>
            Finish
          </button>
        </>
      )}
    </div>
  )
}

const count = () => screen.getByRole('status', { name: 'Count' }).textContent
const options: MachinePathsOptions<typeof counterMachine, unknown> = {
  render: () => render(<Counter />),
  exec: {
    add: () => userEvent.click(screen.getByRole('button', { name: 'Add' })),
    finish: () => userEvent.click(screen.getByRole('button', { name: 'Finish' })),
  },
  states: {
    counting: ({ snapshot }) => expect(count()).toBe(String(snapshot.context.count)),
    done: () => expect(screen.getByText('Done')).toBeTruthy(),
  },
}

const killable = 'counterFixture:invert:counting.add#0'
const equivalent = 'counterFixture:skip:counting.entry#0'
const reason = 'counting is entered only at the start, where the count is 0 already'

// Not in a replay, nor in a mutation run of the real machines (whose report it would join).
const { replay, mutate } = pathRunSettings()
if (!replay && !mutate)
  describe('the mutation runner', () => {
    withMachineProbe()
    const plan = planMachinePaths(counterMachine)
    const verdicts = registerMutantTests(
      'counterFixture',
      counterMachine,
      plan.paths,
      (path) => runMachinePath(counterMachine, path, options, false),
      { machines: 'all', mutants: [killable, equivalent], pathMs: 30_000 },
      { [equivalent]: reason },
    )

    it('kills a killable mutant at its first failing path and reports an equivalent one as surviving', () => {
      expect(
        verdicts.map(({ id, status, killedBy, reason }) => ({ id, status, killedBy, reason })),
      ).toEqual([
        { id: killable, status: 'killed', killedBy: 'step check', reason: undefined },
        { id: equivalent, status: 'equivalent', killedBy: undefined, reason },
      ])
      const [killed, survivor] = verdicts
      // Bail at the first failure: the path that takes the inverted guard kills it, alone.
      expect(killed?.pathsRun).toBe(1)
      expect(killed?.failure).toMatch(/actor took add/)
      // The equivalent one ran every path through `counting`: all of them, all passing.
      expect(survivor?.pathsRun).toBe(plan.paths.length)
      expect(survivor?.ignored).toBe(0)
    })

    it('leaves the real machine as it was', () => {
      expect(Object.hasOwn(counterMachine, 'provide')).toBe(false)
    })
  })
