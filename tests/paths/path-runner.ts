import { expect } from 'vitest'
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate'
import { describeRecords, edgesTaken, machineCatalogue } from './machine-edges'
import type { ProbeRecord } from './machine-probe'
import { movesSeen } from './move-coverage'
import { afterDelayMs, formatEvent, formatValue, type PlannedPath } from './path-plan'

/** What the runner needs from where the component runs (jsdom or Chromium). */
export type PathDriver = {
  /** Every record the probe has made so far, oldest first. */
  readonly records: () => Promise<readonly ProbeRecord[]>
  /** Lets the page work a moment without moving its clock; resolves false when out of patience. */
  readonly wait: () => Promise<boolean>
  /** Moves the page's (fake) clock on by `ms`, running what falls due. */
  readonly advance: (ms: number) => Promise<void>
  /** Whether the page's clock is the test's: delays are checked only then. */
  readonly controlsTime: boolean
}

export type PathHooks = {
  /** Causes the step's event in the page; false when there is no exec for it. */
  readonly exec: (event: EventObject, state: AnyMachineSnapshot) => Promise<boolean>
  /** The DOM assertions of `state`; false when no assertion matches it. */
  readonly assertState: (state: AnyMachineSnapshot) => Promise<boolean>
}

const afterPrefix = 'xstate.after.'

const isMove = (record: ProbeRecord) =>
  record.kind === 'microstep' && record.eventType !== 'xstate.stop'
const signature = (records: readonly ProbeRecord[]) =>
  records.filter(isMove).map((record) => `${record.eventType}:${record.transitions.join(',')}`)
const plain = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value))

function hasDelayedTransition(state: AnyMachineSnapshot): boolean {
  const handled: string[] = __unsafe_getAllOwnEventDescriptors(state)
  return handled.some((type) => type.startsWith(afterPrefix))
}

function longestDelay(machine: AnyStateMachine, state: AnyMachineSnapshot): number {
  const delays = machineCatalogue(machine)
    .edges.filter((edge) => edge.kind === 'delayed')
    .map((edge) => afterDelayMs(machine, edge.id.split('|')[1] ?? '', state))
  return delays.length ? Math.max(...delays) : 0
}

const failedSteps = new WeakMap<Error, number>()

/** The step (0: the start) at which runPlannedPath failed with `error`, if it did. */
export function failedStep(error: unknown): number | undefined {
  return error instanceof Error ? failedSteps.get(error) : undefined
}

/**
 * Runs one planned path against the component and returns the edges its actor took (with the
 * guard outcomes and transition pairs it showed, tests/paths/move-coverage.ts). For
 * every step: cause the event (a delayed one: first just short of its delay, checking that
 * nothing happened, then the last millisecond), wait until the component's actor has taken
 * exactly the step's microsteps (else fail, naming the step: the event was never delivered,
 * or something else happened), compare its state and context with the model's, check the
 * DOM; where time is the test's and the state has no timer, let the longest delay pass and
 * check that nothing moved.
 */
export async function runPlannedPath(
  machine: AnyStateMachine,
  path: PlannedPath,
  driver: PathDriver,
  hooks: PathHooks,
  name: string,
): Promise<Set<string>> {
  const mine = async () => (await driver.records()).filter((r) => r.machine === machine.id)
  const timed = machineCatalogue(machine).edges.some((edge) => edge.kind === 'delayed')
  let mark = 0
  let previous: AnyMachineSnapshot | undefined
  for (const [index, step] of path.steps.entries()) {
    const { type } = step.event
    let phase = `event ${formatEvent(step.event)}`
    try {
      if (index > 0 && previous) {
        if (!(await hooks.exec(step.event, previous))) {
          if (!type.startsWith(afterPrefix))
            throw new Error(`No exec for the event "${type}": add exec['${type}'] for ${name}`)
          if (!driver.controlsTime) throw new Error(`${type} needs the test's clock`)
          const delay = afterDelayMs(machine, type, previous)
          await driver.advance(delay - 1)
          const early = (await mine()).slice(mark).filter(isMove)
          if (early.length)
            throw new Error(
              `${name} moved ${delay - 1} ms into a ${delay} ms delay: ${describeRecords(machine, early)}`,
            )
          await hooks.assertState(previous)
          await driver.advance(1)
        }
      }
      // What the component's actor did for this step: exactly the model's microsteps.
      const expected = signature(step.microsteps)
      let seen = (await mine()).slice(mark)
      while (JSON.stringify(signature(seen)) !== JSON.stringify(expected)) {
        // Records only accumulate: moves that do not begin the model's never will (a wrong
        // transition fails at once rather than after the driver's patience).
        const taken = signature(seen)
        const onTrack = taken.every((move, i) => move === expected[i])
        if (!onTrack || taken.length >= expected.length || !(await driver.wait())) {
          const moves = seen.filter(isMove)
          throw new Error(
            moves.length
              ? `The component's ${name} actor took ${describeRecords(machine, moves)} where the model takes ${describeRecords(machine, step.microsteps.filter(isMove))}`
              : `The component never delivered ${type} to its ${name} actor (it took nothing)`,
          )
        }
        seen = (await mine()).slice(mark)
      }
      const last = seen.at(-1)
      if (last) {
        expect(last.value, `${name}'s state in the component`).toEqual(plain(step.state.value))
        expect(last.context, `${name}'s context in the component`).toEqual(
          plain(step.state.context),
        )
      }
      phase = `state ${formatValue(step.state.value)}`
      if (!(await hooks.assertState(step.state)))
        throw new Error(
          `No DOM assertion for state ${JSON.stringify(step.state.value)}: add it to the states of ${name}`,
        )
      if (timed && driver.controlsTime && !hasDelayedTransition(step.state)) {
        phase = `state ${formatValue(step.state.value)} holding still`
        const quietFrom = (await mine()).length
        const delay = longestDelay(machine, step.state)
        await driver.advance(delay)
        const moved = (await mine()).slice(quietFrom).filter(isMove)
        if (moved.length)
          throw new Error(`${name} moved within ${delay} ms: ${describeRecords(machine, moved)}`)
        await hooks.assertState(step.state)
      }
    } catch (error) {
      // Say where on the path it broke: "step 3 of start → toggle → escape, event escape".
      if (error instanceof Error) {
        error.message += `\n\nPath ${path.title}\nFailed at step ${index} (${phase})`
        failedSteps.set(error, index)
      }
      throw error
    }
    mark = (await mine()).length
    previous = step.state
  }
  const records = await mine()
  return new Set([...edgesTaken(machine, records), ...movesSeen(machine, records)])
}
