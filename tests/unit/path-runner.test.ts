import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import type { ProbeRecord } from '../paths/machine-probe'
import { planMachinePaths } from '../paths/path-plan'
import { type PathDriver, runPlannedPath } from '../paths/path-runner'

// The runner against a stand-in driver (no component): what it concludes from the records.

const toggle = setup({ types: { events: {} as { type: 'toggle' } } }).createMachine({
  id: 'toggle',
  initial: 'closed',
  states: { closed: { on: { toggle: 'open' } }, open: { on: { toggle: 'closed' } } },
})

describe('runPlannedPath', () => {
  it('fails at once when the actor took another transition than the model, without waiting', async () => {
    // start → toggle → toggle ⇒ closed: its first toggle is the step that goes wrong.
    const path = planMachinePaths(toggle).paths[0]
    if (!path) throw new Error('no path')
    const records: ProbeRecord[] = [...(path.steps[0]?.microsteps ?? [])]
    let waits = 0
    const driver: PathDriver = {
      controlsTime: false,
      records: async () => records,
      // A driver with patience to spare: the runner must not need it to see the step is wrong.
      wait: async () => {
        waits += 1
        return waits < 1000
      },
      advance: async () => {},
    }
    const ignored: ProbeRecord = {
      actor: 'plan',
      machine: 'toggle',
      kind: 'microstep',
      eventType: 'toggle',
      transitions: [],
      value: 'closed',
      context: undefined,
    }
    const run = runPlannedPath(
      toggle,
      path,
      driver,
      {
        exec: async () => {
          records.push(ignored) // the component's actor ignored the event
          return true
        },
        assertState: async () => true,
      },
      'toggle',
    )
    await expect(run).rejects.toThrow(
      /actor took toggle \[no transition\] where the model takes toggle \[closed → open\]/,
    )
    expect(waits).toBe(0)
  })
})
