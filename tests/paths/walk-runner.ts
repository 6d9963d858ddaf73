import type { AnyStateMachine, EventObject, StateValue } from 'xstate'
import { formatEvent, formatValue, type PlannedPath, pathFromEvents } from './path-plan'
import { failedStep } from './path-runner'
import {
  choicesOf,
  type RunOutcome,
  type ShrinkResult,
  shrinkFailing,
  type WalkSource,
} from './path-walk'
import { type PathMode, type ReplayToken, replayCommand } from './replay-token'

/**
 * Runs a random walk (or any event sequence) through the component with the harness's own
 * `run`, and when it fails, shrinks it and says, step by step, the shortest sequence found,
 * with the command that replays it.
 */

/** Runs one path through a fresh component; resolves with the edges its actor took. */
export type RunPath = (path: PlannedPath) => Promise<Set<string>>

export type SequenceLabel = {
  /** The machine's name in the report. */
  readonly name: string
  readonly mode: PathMode
  /** The token name of the test file the sequence runs in (tokenFileName). */
  readonly file: string
}

/** Every state a state value is in, as dotted paths: `{ a: 'b' }` → a, a.b. */
export function statePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`]
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...(child === undefined ? [] : statePaths(child, `${prefix}${key}.`)),
  ])
}

/** Every state of `machine` as a dotted path (the root left out). */
export function machineStates(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateMachine['root']): string[] =>
    Object.values(node.states).flatMap((child) => [child.path.join('.'), ...walk(child)])
  return walk(machine.root)
}

/** The states a path goes through (in its model, which a passing run's component matched). */
export function statesOf(path: PlannedPath): string[] {
  return [...new Set(path.steps.flatMap((step) => statePaths(step.state.value)))]
}

export function tokenFor(
  source: WalkSource,
  label: SequenceLabel,
  inputIndex: number,
  events: readonly EventObject[],
): ReplayToken {
  return {
    file: label.file,
    machine: label.name,
    mode: label.mode,
    input: inputIndex,
    choices: choicesOf(source, source.inputs[inputIndex], events),
  }
}

/** A sequence as numbered steps, each with the state it leads to; `failedAt` marks the failing one. */
export function describeSteps(path: PlannedPath, failedAt?: number): string {
  return path.steps
    .map((step, index) => {
      const what = index === 0 ? 'start' : formatEvent(step.event)
      const mark = index === failedAt ? '   ✗ failed here' : ''
      return `  ${String(index).padStart(2)}. ${what} ⇒ ${formatValue(step.state.value)}${mark}`
    })
    .join('\n')
}

async function outcomeOf(
  run: RunPath,
  path: PlannedPath,
): Promise<RunOutcome & { readonly edges?: Set<string> }> {
  try {
    return { passed: true, edges: await run(path) }
  } catch (error) {
    return { passed: false, step: failedStep(error) ?? path.steps.length - 1, error }
  }
}

export type WalkLimits = {
  /** Time allowed for shrinking, in ms (real time). */
  readonly shrinkMs: number
  /** Runs allowed for shrinking. */
  readonly shrinkRuns: number
}

export type WalkVerdict =
  | {
      readonly passed: true
      readonly path: PlannedPath
      readonly edges: Set<string>
    }
  | {
      readonly passed: false
      readonly path: PlannedPath
      readonly shrunk: ShrinkResult
      readonly token: ReplayToken
      /** What the test prints: the walk, the shrunk steps, the failure, the replay command. */
      readonly report: string
    }

/**
 * Runs `events` from input `inputIndex`; on failure, shrinks (calling `fresh` before each
 * further run, to clear what the failed one left) and reports the shortest failing sequence.
 */
export async function checkSequence(
  source: WalkSource,
  label: SequenceLabel,
  walk: { readonly title: string; readonly inputIndex: number; readonly events: EventObject[] },
  run: RunPath,
  fresh: () => Promise<void> | void,
  limits: WalkLimits,
): Promise<WalkVerdict> {
  const input = source.inputs[walk.inputIndex]
  const path = pathFromEvents(source.machine, input, walk.events, walk.title)
  const first = await outcomeOf(run, path)
  if (first.passed) return { passed: true, path, edges: first.edges ?? new Set() }
  const shrunk = await shrinkFailing(
    source,
    input,
    { events: walk.events, step: first.step, error: first.error },
    async (events) => {
      await fresh()
      return outcomeOf(run, pathFromEvents(source.machine, input, events))
    },
    { deadline: Date.now() + limits.shrinkMs, maxRuns: limits.shrinkRuns },
  )
  const token = tokenFor(source, label, walk.inputIndex, shrunk.events)
  const shortest = pathFromEvents(source.machine, input, shrunk.events)
  const failure = shrunk.error instanceof Error ? shrunk.error.message : String(shrunk.error)
  const report = [
    `${label.name}: a random walk failed: ${path.title}`,
    `Shrunk to ${shrunk.events.length} step${shrunk.events.length === 1 ? '' : 's'} (from ${first.step}, ${shrunk.runs} runs${shrunk.complete ? '; no single step can be removed' : '; stopped by its time or run limit'}):`,
    describeSteps(shortest, shrunk.events.length),
    '',
    failure,
    '',
    `Replay: ${replayCommand(token)}`,
  ].join('\n')
  return { passed: false, path, shrunk, token, report }
}
