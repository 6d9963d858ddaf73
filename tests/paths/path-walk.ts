import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate'
import { acceptedEvents, type PlanOptions } from './path-plan'

/**
 * Seeded random walks through a machine's model, and the shrinking of a failing one. A walk
 * is a list of events chosen, step by step, among those the current state accepts (the same
 * events, payloads and `possible` rule as the shortest paths: `acceptedEvents`), so the
 * harness runs it through the component exactly as it runs a planned path.
 *
 * Why not fast-check's model-based runs: a replay must name the events themselves (a token a
 * person can read and that survives a change to the generator), each candidate of the shrink
 * needs a fresh component, and a removed step can make the steps after it impossible (a
 * `xstate.done.actor.*` with nothing invoked): the shrinker below checks each candidate on the
 * model first and runs only the possible ones. A seeded PRNG and a delta-debugging shrinker are
 * a few lines and keep all of that in view.
 */

/** Where the walks of one machine start from: its inputs and the planner's event tables. */
export type WalkSource = {
  readonly machine: AnyStateMachine
  /** The machine's inputs (`[undefined]` when it takes none); a walk picks one. */
  readonly inputs: readonly unknown[]
  readonly options: PlanOptions<AnyStateMachine>
}

/** mulberry32: a small, fast PRNG with 32-bit state; the same seed, the same walk. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The seed of walk `index` of machine `name` in a run seeded `seed` (FNV-1a of the three). */
export function walkSeed(seed: number, name: string, index: number): number {
  let hash = 0x811c9dc5
  for (const char of `${seed}:${name}:${index}`) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

const same = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b)

/** The model's snapshots along `events` from `input`, or undefined where a step is not accepted. */
export function modelStates(
  source: WalkSource,
  input: unknown,
  events: readonly EventObject[],
): AnyMachineSnapshot[] | undefined {
  let [snapshot] = initialTransition(source.machine, input)
  const states = [snapshot]
  for (const event of events) {
    if (!acceptedEvents(snapshot, source.options).some((accepted) => same(accepted, event)))
      return undefined
    ;[snapshot] = transition(source.machine, snapshot, event)
    states.push(snapshot)
  }
  return states
}

/** Each event's place among those its state accepts (what a replay token stores). */
export function choicesOf(
  source: WalkSource,
  input: unknown,
  events: readonly EventObject[],
): number[] {
  const states = modelStates(source, input, events)
  if (!states) throw new Error(`${source.machine.id} does not accept this sequence`)
  return events.map((event, index) => {
    const state = states[index]
    return state ? acceptedEvents(state, source.options).findIndex((e) => same(e, event)) : -1
  })
}

/** The events `choices` stand for from `input`; throws naming the step that has no such choice. */
export function eventsOfChoices(
  source: WalkSource,
  input: unknown,
  choices: readonly number[],
): EventObject[] {
  let [snapshot] = initialTransition(source.machine, input)
  return choices.map((choice, index) => {
    const accepted = acceptedEvents(snapshot, source.options)
    const event = accepted[choice]
    if (!event)
      throw new Error(
        `Step ${index + 1} of the replay chooses event ${choice}, but ${source.machine.id} accepts ${accepted.length} there (${accepted.map((e) => e.type).join(', ')}): the machine or its event table changed since the token was made`,
      )
    ;[snapshot] = transition(source.machine, snapshot, event)
    return event
  })
}

/**
 * A random walk of at most `maxSteps` events from `input`: each step an event the current
 * state accepts, chosen uniformly; it ends early in a state that accepts nothing.
 */
export function randomWalk(
  source: WalkSource,
  input: unknown,
  random: () => number,
  maxSteps: number,
): EventObject[] {
  let [snapshot] = initialTransition(source.machine, input)
  const events: EventObject[] = []
  while (events.length < maxSteps) {
    const accepted = acceptedEvents(snapshot, source.options)
    const event = accepted[Math.floor(random() * accepted.length)]
    if (!event) break
    events.push(event)
    ;[snapshot] = transition(source.machine, snapshot, event)
  }
  return events
}

/** How a run of a sequence ended: passed, or failed at a step (0 is the start). */
export type RunOutcome =
  | { readonly passed: true }
  | { readonly passed: false; readonly step: number; readonly error: unknown }

export type ShrinkLimits = {
  /** Stop shrinking at this time (Date.now()), keeping the shortest failing sequence so far. */
  readonly deadline: number
  /** At most this many runs of the component. */
  readonly maxRuns: number
}

export type ShrinkResult = {
  readonly events: EventObject[]
  /** The failure of the shortest sequence. */
  readonly error: unknown
  readonly runs: number
  /** False when a limit stopped the shrink before no single step could go. */
  readonly complete: boolean
}

/**
 * Shrinks a failing sequence: cut it after the step that failed, then remove runs of steps
 * (from half its length down to single steps, at every place; delta debugging), keeping a
 * candidate when the model accepts it and the component still fails on it, until no single
 * step can be removed (or a limit is reached). Candidates the model refuses are never run.
 */
export async function shrinkFailing(
  source: WalkSource,
  input: unknown,
  failing: { readonly events: readonly EventObject[]; readonly step: number; error: unknown },
  run: (events: readonly EventObject[]) => Promise<RunOutcome>,
  limits: ShrinkLimits,
): Promise<ShrinkResult> {
  let current = failing.events.slice(0, failing.step)
  let error = failing.error
  let runs = 0
  const tried = new Set<string>()
  const stillFails = async (candidate: EventObject[]): Promise<boolean> => {
    const key = JSON.stringify(candidate)
    if (tried.has(key) || !modelStates(source, input, candidate)) return false
    tried.add(key)
    runs += 1
    const outcome = await run(candidate)
    if (outcome.passed) return false
    current = candidate.slice(0, outcome.step)
    error = outcome.error
    return true
  }
  const limited = () => runs >= limits.maxRuns || Date.now() >= limits.deadline
  // Every run of `chunk` steps at every place (not only aligned ones: the steps that can go
  // together are often an odd run, such as a failure, its retry and the submit before it), the
  // longest runs first; the model's check makes the impossible candidates free.
  let chunk = Math.max(1, Math.floor(current.length / 2))
  for (;;) {
    let removedAny = false
    for (let start = 0; start < current.length; ) {
      if (limited()) return { events: current, error, runs, complete: false }
      const candidate = [...current.slice(0, start), ...current.slice(start + chunk)]
      if (await stillFails(candidate)) removedAny = true
      else start += 1
    }
    if (chunk > 1) chunk = Math.max(1, Math.min(chunk - 1, Math.floor(current.length / 2)))
    else if (!removedAny) return { events: current, error, runs, complete: true }
  }
}
