import { serializeSnapshot, TestModel } from '@xstate/graph'
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createEmptyActor,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate'
import { edgesTaken, type MachineEdge, machineCatalogue } from './machine-edges'
import { installMachineProbe, type ProbeHost, type ProbeRecord } from './machine-probe'

/**
 * The events a path may take: the machine's own, plus the results of its invoked actors
 * (`xstate.done.actor.<id>` with an `output`, `xstate.error.actor.<id>` with an `error`), so a
 * test can drive onDone/onError transitions with the payloads its guards read.
 */
export type ActorResultEvent =
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown }
export type EventOf<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | ActorResultEvent

/** Events with payloads, per state: the model explores each one. */
export type PathEvents<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
) => ReadonlyArray<EventOf<TMachine>>

/**
 * Whether a visitor can cause `event` in `snapshot` at all (default: yes). The machine may
 * accept an event the page cannot produce there (a focus leaving the slideshow while nothing
 * in it has focus): such steps would only pass by not happening, so they are not planned.
 */
export type PathPossible<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
  event: EventOf<TMachine>,
) => boolean

/** One step of a planned path: the event, the model's snapshot after it, the microsteps it takes. */
export type PlannedStep = {
  readonly event: EventObject
  readonly state: AnyMachineSnapshot
  readonly microsteps: readonly ProbeRecord[]
}

/** A generated path: its steps (the first is `xstate.init`), title and the edges it takes. */
export type PlannedPath = {
  /** The machine's input this path starts from (give the component the same). */
  readonly input?: unknown
  readonly title: string
  readonly steps: readonly PlannedStep[]
  readonly edgeIds: readonly string[]
}

export type MachinePathPlan = {
  /** The machine planned, for its chart in the coverage report. */
  readonly machine: AnyStateMachine
  readonly paths: readonly PlannedPath[]
  readonly edges: readonly MachineEdge[]
  /** Edges no event sequence the planner may use reaches: listed, by name, in the report. */
  readonly unreachable: readonly MachineEdge[]
}

export type PlanOptions<TMachine extends AnyStateMachine> = {
  readonly input?: NoInfer<InputFrom<TMachine>>
  readonly events?: NoInfer<PathEvents<TMachine>>
  readonly possible?: NoInfer<PathPossible<TMachine>>
  /**
   * Plan each transition from every context the paths reach it with, not only from each
   * state (default: a transition is planned once per state value it leaves). For a machine
   * whose transitions reset what an earlier step filled (a cancel after a failed submit, a
   * retry after a message): the shortest path to `cancel` starts from an empty form, where a
   * reset that does nothing cannot be told from one that works. Costs more paths.
   */
  readonly fromEveryContext?: boolean
}

export function formatEvent(event: EventObject): string {
  const { type, ...payload } = event
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type
}

export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, child]) => {
        const inner = formatValue(child)
        return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`
      })
      .join(', ')
  }
  return String(value)
}

/**
 * The events a path may take in `snapshot`: every event type the active states handle (the
 * XState helper @xstate/graph's own createTestModel uses; wildcards have no concrete event to
 * send), with the payloads `options.events` gives for it (each one its own event), without
 * those `options.possible` rules out. The shortest paths and the random walks choose among
 * these, in this order.
 */
export function acceptedEvents<TMachine extends AnyStateMachine>(
  snapshot: AnyMachineSnapshot,
  options: PlanOptions<TMachine>,
): readonly EventObject[] {
  // Inside, snapshots and events are handled generically; the typed view is the caller's.
  const supplied: readonly EventObject[] =
    options.events?.(snapshot as SnapshotFrom<TMachine>) ?? []
  const possible = (event: EventObject) =>
    options.possible?.(snapshot as SnapshotFrom<TMachine>, event as EventOf<TMachine>) ?? true
  const handled: string[] = __unsafe_getAllOwnEventDescriptors(snapshot)
  return handled
    .filter((type) => !type.includes('*'))
    .flatMap((type) => {
      const withPayloads = supplied.filter((event) => event.type === type)
      return withPayloads.length ? withPayloads : [{ type }]
    })
    .filter(possible)
}

/**
 * Replays `events` on the machine itself (no actor, no effects) under XState's inspection, so
 * a plan names each step's microsteps exactly as the running component's actor reports them.
 */
function replay(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
): { readonly states: AnyMachineSnapshot[]; readonly microsteps: ProbeRecord[][] } {
  const host: ProbeHost = {}
  installMachineProbe(host)
  const carrier = createEmptyActor()
  carrier.system.inspect((event) => host.__machineProbe?.(event))
  const scope = {
    self: carrier,
    id: 'plan',
    sessionId: 'plan',
    logger: () => {},
    defer: () => {},
    system: carrier.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope
  const records = () => host.__machineRecords ?? []
  const take = (from: number) =>
    records()
      .slice(from)
      .filter((r) => r.kind === 'microstep')
  let snapshot: AnyMachineSnapshot = machine.getInitialSnapshot(scope, input)
  const states = [snapshot]
  const initial = take(0)
  // As the probe does for an actor whose start takes no eventless transition (the same actor
  // as the microsteps', so what follows reads as that actor's next moves).
  const start: ProbeRecord = {
    actor: carrier.sessionId,
    machine: machine.id,
    kind: 'start',
    eventType: 'xstate.init',
    transitions: [],
    value: JSON.parse(JSON.stringify(snapshot.value)),
    context:
      snapshot.context === undefined ? undefined : JSON.parse(JSON.stringify(snapshot.context)),
  }
  const microsteps = [initial.length ? initial : [start]]
  for (const event of events) {
    const mark = records().length
    snapshot = machine.transition(snapshot, event, scope)
    states.push(snapshot)
    microsteps.push(take(mark))
  }
  return { states, microsteps }
}

/**
 * The shortest paths of `machine` (with the event payloads `events` gives, without the events
 * `possible` rules out) and the edges each one takes. Pure: `testMachinePaths` and the browser
 * harness run these; the harness's own tests check them.
 */
export function planMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PlanOptions<TMachine> = {},
): MachinePathPlan {
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine, {
    ...(options.input === undefined ? {} : { input: options.input }),
    // State with its context (what the guards read) + the event that led there + the previous
    // state: one node per transition taken, so a shortest path exists for every transition and
    // for each side of a guard (not only for every state). With `fromEveryContext`, the previous
    // state's context too: one node per transition and context it is taken from.
    serializeState: (snapshot, event, previous) =>
      `${serializeSnapshot(snapshot)}|${event ? JSON.stringify(event) : ''}|${previous ? (options.fromEveryContext ? serializeSnapshot(previous) : JSON.stringify(previous.value)) : ''}`,
    events: (snapshot) => [...acceptedEvents(snapshot, options)],
  })
  const { edges } = machineCatalogue(machine)
  const planned = model.getShortestPaths().map((path) => {
    const events = path.steps.slice(1).map((step) => step.event)
    const { states, microsteps } = replay(machine, options.input, events)
    // Per step, the edges it takes. Trailing steps that take none only exist because the
    // serialisation counts "event ignored" as a node: they are trimmed.
    const taken = microsteps.map((records, index) =>
      edgesTaken(machine, records, index > 0 ? microsteps[index - 1]?.at(-1) : undefined),
    )
    let length = path.steps.length
    while (length > 1 && taken[length - 1]?.size === 0) length -= 1
    const steps = path.steps.slice(0, length).map(
      (step, index): PlannedStep => ({
        event: step.event,
        state: states[index] ?? step.state,
        microsteps: microsteps[index] ?? [],
      }),
    )
    const edgeIds = edgesTaken(
      machine,
      steps.flatMap((step) => step.microsteps),
    )
    const last = steps[steps.length - 1]?.state ?? path.state
    const kept = events.slice(0, length - 1)
    const title = `${['start', ...kept.map(formatEvent)].join(' → ')} ⇒ ${formatValue(last.value)}`
    return { title, steps, edgeIds: [...edgeIds], key: kept.map((event) => JSON.stringify(event)) }
  })
  // Trimming can leave a path that is a prefix of (or equal to) another: keep the longer one.
  const paths = planned
    .filter(
      (path, index) =>
        !planned.some(
          (other, otherIndex) =>
            otherIndex !== index &&
            other.key.length >= path.key.length &&
            path.key.every((event, i) => other.key[i] === event) &&
            (other.key.length > path.key.length || otherIndex < index),
        ),
    )
    .map(
      ({ title, steps, edgeIds }): PlannedPath => ({
        title,
        steps,
        edgeIds,
        ...(options.input === undefined ? {} : { input: options.input }),
      }),
    )
  const covered = new Set(paths.flatMap((path) => path.edgeIds))
  return { machine, paths, edges, unreachable: edges.filter((edge) => !covered.has(edge.id)) }
}

/**
 * The path that takes exactly `events` from the machine's start with `input` (a random walk, a
 * shrunk one, a replay): the same steps, microsteps and edges a planned path has, no step
 * trimmed. Each event is copied, so a step's event is its own object (the harness finds each
 * step's state by it).
 */
export function pathFromEvents(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
  titlePrefix = '',
): PlannedPath {
  const own = events.map((event) => ({ ...event }))
  const { states, microsteps } = replay(machine, input, own)
  const steps = [{ type: 'xstate.init' }, ...own].map((event, index): PlannedStep => {
    const state = states[index]
    if (!state) throw new Error(`No state after step ${index} of ${machine.id}`)
    return { event, state, microsteps: microsteps[index] ?? [] }
  })
  const last = states.at(-1)
  const title = `${titlePrefix}${['start', ...own.map(formatEvent)].join(' → ')} ⇒ ${formatValue(last?.value)}`
  const edgeIds = edgesTaken(
    machine,
    steps.flatMap((step) => step.microsteps),
  )
  return { title, steps, edgeIds: [...edgeIds], ...(input === undefined ? {} : { input }) }
}

/**
 * The paths from each of several inputs (a machine whose start depends on its input, like the
 * theme's starting branch): one plan, titles prefixed with the input.
 */
export function planMachinePathsFrom<TMachine extends AnyStateMachine>(
  machine: TMachine,
  inputs: ReadonlyArray<NoInfer<InputFrom<TMachine>>>,
  options: Omit<PlanOptions<TMachine>, 'input'> = {},
): MachinePathPlan {
  const plans = inputs.map((input) => planMachinePaths(machine, { ...options, input }))
  const paths = plans.flatMap((plan, index) =>
    plan.paths.map((path) => ({
      ...path,
      title: `${JSON.stringify(inputs[index])} ${path.title}`,
    })),
  )
  const edges = machineCatalogue(machine).edges
  const covered = new Set(paths.flatMap((path) => path.edgeIds))
  return { machine, paths, edges, unreachable: edges.filter((edge) => !covered.has(edge.id)) }
}

/** The delay of an `xstate.after.<delay>.<stateId>` event, in ms. */
export function afterDelayMs(
  machine: AnyStateMachine,
  eventType: string,
  snapshot: { readonly context: unknown },
): number {
  const delayRef = eventType.slice('xstate.after.'.length).split('.')[0] ?? ''
  const numeric = Number(delayRef)
  if (delayRef !== '' && Number.isFinite(numeric)) return numeric
  const delays: Record<string, unknown> = machine.implementations.delays ?? {}
  const delay = delays[delayRef]
  if (typeof delay === 'number') return delay
  if (typeof delay === 'function') {
    const value: unknown = delay(
      { context: snapshot.context, event: { type: eventType } },
      undefined,
    )
    if (typeof value === 'number') return value
  }
  throw new Error(
    `Cannot resolve the delay "${delayRef}" of ${eventType}: give exec['${eventType}']`,
  )
}
