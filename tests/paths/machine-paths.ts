/**
 * Generated path tests: drive the REAL React component along every shortest path of an XState
 * machine and check the DOM in every state; fail when any transition is left uncovered.
 *
 * Write one `<name>.paths.test.tsx` file per machine (anywhere under src/, machines/ or tests/);
 * `npm run test:paths` runs only those files (Vitest project `paths`, jsdom) and prints, per
 * machine, transitions covered / total and the paths it ran.
 *
 *   // src/shell/components/language-menu.paths.test.tsx (a complete example)
 *   import { screen, within } from '@testing-library/react'
 *   import { expect } from 'vitest'
 *   import { languageMenuMachine } from '../../../../machines/language-menu-machine'
 *   import { testMachinePaths } from '../../../../tests/paths/machine-paths'
 *   import { renderApp } from '../../../../tests/paths/render-app'
 *
 *   testMachinePaths(languageMenuMachine, {
 *     // A fresh, real component for every path; whatever it returns is `view` below.
 *     // `renderApp(path, { locale?, theme? })` renders the whole app (router, i18n, layout) at
 *     // `path` and resets page-wide state; rendering one component alone is fine too.
 *     render: () => renderApp('/services/web-applications'),
 *     // Optional: events WITH PAYLOADS, per state (gets the snapshot). Event types a state
 *     // handles but that are not listed are explored as `{ type }` alone; each payload listed
 *     // becomes its own path.
 *     events: () => [{ type: 'select', locale: 'es' }, { type: 'select', locale: 'en' }],
 *     // How a visitor causes each event, in the DOM. Required for every event a path uses
 *     // (except `xstate.after.*`, see below). May also assert what belongs to that transition
 *     // only, e.g. where focus went. Gets { view, user, snapshot (after the step), advance }
 *     // and the event itself.
 *     exec: {
 *       toggle: ({ user }) => user.click(trigger()),
 *       select: ({ user }, event) => user.click(screen.getByRole('button', { name: ... })),
 *       ...
 *     },
 *     // What the DOM shows in each state. Keys as `snapshot.matches()` takes them ('open',
 *     // 'playing.held'); every state a path reaches must match at least one key. Also gets
 *     // { view, user, snapshot, advance }: assert context-dependent DOM from `snapshot.context`.
 *     states: {
 *       closed: () => expect(trigger().getAttribute('aria-expanded')).toBe('false'),
 *       open: () => expect(trigger().getAttribute('aria-expanded')).toBe('true'),
 *     },
 *     // Also: `input` (the machine's input, for the model; give the component the same),
 *     // `name` (report label, default machine.id), `fakeTimers` (see below).
 *   })
 *
 * Each path is one Vitest test named after its events ("start → toggle → escape ⇒ closed");
 * the last test of the group, "covers every transition of <machine>", fails when a transition
 * of the machine is on no path. A failing step says which path, which step and whether the
 * event or the state's assertions failed.
 *
 * What it does:
 * - Paths come from `new TestModel(machine, …).getShortestPaths()` (@xstate/graph 3). The
 *   model is built directly rather than with `createTestModel`, which refuses `after`
 *   transitions. States are serialised with the event and the previous state, so the shortest
 *   paths reach every transition (self-transitions and `reenter` included), not just every state.
 * - Delayed transitions: a step whose event is `xstate.after.<delay>.<stateId>` advances fake
 *   timers by that delay (a number, or a named delay from `setup({ delays })`). When the
 *   machine has such transitions the harness turns on fake timers for setTimeout/setInterval/
 *   Date, gives user-event `advanceTimers`, and shims `jest.advanceTimersByTime` so Testing
 *   Library's `waitFor`/`findBy*` keep working (they advance fake time while they wait). Force
 *   it either way with `fakeTimers: true | false`. An `exec` entry for an `xstate.after.*` type
 *   replaces the default.
 * - Coverage: one more test per machine asserts that the union of the path steps takes every
 *   edge of `toDirectedGraph(machine)` (each transition, guarded alternatives separately),
 *   found through `machine.getTransitionData(previousSnapshot, event)`. Eventless (`always`)
 *   transitions are not edges of that graph.
 */
import { act } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  type DirectedGraphNode,
  serializeSnapshot,
  TestModel,
  toDirectedGraph,
} from '@xstate/graph'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type TransitionDefinition,
} from 'xstate'

type UserEvent = ReturnType<typeof userEvent.setup>
/**
 * The events a path may take: the machine's own, plus the results of its invoked actors
 * (`xstate.done.actor.<id>` with an `output`, `xstate.error.actor.<id>` with an `error`), so a
 * test can drive onDone/onError transitions with the payloads its guards read.
 */
type ActorResultEvent =
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown }
type EventOf<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | ActorResultEvent
/** The event an `exec` entry receives for the event type K. */
type ExecEvent<
  TMachine extends AnyStateMachine,
  K extends string,
> = K extends `xstate.done.actor.${string}`
  ? { readonly type: string; readonly output: unknown }
  : K extends `xstate.error.actor.${string}`
    ? { readonly type: string; readonly error: unknown }
    : Extract<EventFromLogic<TMachine>, { type: K }>

/** What `exec` and `states` callbacks receive. */
export type PathContext<TView, TMachine extends AnyStateMachine> = {
  /** Whatever `render` returned for this path. */
  readonly view: TView
  /** A user-event instance set up for this path (fake-timer aware). */
  readonly user: UserEvent
  /** The model's snapshot after the step (for `states`: the state being checked). */
  readonly snapshot: SnapshotFrom<TMachine>
  /** Advances fake timers by `ms` inside React's `act` (only with fake timers). */
  readonly advance: (ms: number) => Promise<void>
}

/** Events with payloads, per state: the model explores each one. */
export type PathEvents<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
) => ReadonlyArray<EventOf<TMachine>>

export type MachinePathsOptions<TMachine extends AnyStateMachine, TView> = {
  /** Name shown in test titles and the coverage report; defaults to the machine's id. */
  readonly name?: string
  /** The machine's input, for both the model and (your job) the rendered component. */
  readonly input?: InputFrom<TMachine>
  /** Renders the real component; called once per path, before its first step. */
  readonly render: () => TView | Promise<TView>
  /** Events with payloads, per state (see the file header). */
  readonly events?: NoInfer<PathEvents<TMachine>>
  /** Per event type: the DOM interaction that causes it. */
  readonly exec: {
    readonly [K in EventOf<TMachine>['type'] | `xstate.after.${string}`]?: (
      context: PathContext<TView, TMachine>,
      event: ExecEvent<TMachine, K>,
    ) => unknown
  }
  /** Per state key (as `snapshot.matches` takes it): assertions on the DOM in that state. */
  readonly states: Readonly<Record<string, (context: PathContext<TView, TMachine>) => unknown>>
  /** Fake timers on/off; default: on exactly when the machine has `after` transitions. */
  readonly fakeTimers?: boolean
}

/** One transition of the machine's graph, as the report names it. */
export type MachineEdge = { readonly id: string; readonly label: string }

/** A generated path: its steps (event + snapshot after it), title and the edges it takes. */
export type PlannedPath = {
  readonly title: string
  /** Starts with `{ type: 'xstate.init' }` and the initial snapshot. */
  readonly steps: ReadonlyArray<{ readonly event: EventObject; readonly state: AnyMachineSnapshot }>
  readonly edgeIds: readonly string[]
}

export type MachinePathPlan = {
  readonly paths: readonly PlannedPath[]
  readonly edges: readonly MachineEdge[]
  readonly uncovered: readonly MachineEdge[]
}

/** What the coverage reporter reads from each test (`task.meta`). */
export type MachinePathMeta = {
  readonly machine: string
  readonly title: string
  readonly edgeIds: readonly string[]
}
export type MachineCoverageMeta = {
  readonly machine: string
  readonly edges: readonly MachineEdge[]
}

declare module '@vitest/runner' {
  interface TaskMeta {
    machinePath?: MachinePathMeta
    machineCoverage?: MachineCoverageMeta
  }
}

const afterPrefix = 'xstate.after.'

function allGraphNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(allGraphNodes)]
}

function formatEvent(event: EventObject): string {
  const { type, ...payload } = event
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type
}

function formatValue(value: unknown): string {
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

function guardName(transition: TransitionDefinition<never, EventObject>): string {
  const { guard } = transition
  if (typeof guard === 'string') return guard
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type)
  return typeof guard === 'function' ? 'inline guard' : ''
}

/** Every edge of `toDirectedGraph(machine)`, and which edges each transition definition is. */
export function machineEdges(machine: AnyStateMachine): {
  readonly edges: readonly MachineEdge[]
  readonly byTransition: ReadonlyMap<unknown, readonly string[]>
} {
  const edges: MachineEdge[] = []
  const byTransition = new Map<unknown, string[]>()
  for (const node of allGraphNodes(toDirectedGraph(machine))) {
    for (const edge of node.edges) {
      const guard = guardName(edge.transition)
      const source = edge.source.path.join('.') || '(root)'
      const target = edge.transition.target
        ? edge.target.path.join('.') || '(root)'
        : `${source} (stays)`
      const label = `${source} --${edge.label.text}${guard ? ` [${guard}]` : ''}--> ${target}`
      edges.push({ id: edge.id, label })
      byTransition.set(edge.transition, [...(byTransition.get(edge.transition) ?? []), edge.id])
    }
  }
  return { edges, byTransition }
}

/**
 * The shortest paths of `machine` (with the event payloads `events` gives) and the edges each
 * one takes. Pure: `testMachinePaths` runs these, and the harness's own tests check them.
 */
export function planMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    readonly input?: NoInfer<InputFrom<TMachine>>
    readonly events?: NoInfer<PathEvents<TMachine>>
  } = {},
): MachinePathPlan {
  // Inside, snapshots and events are handled generically; the typed view is the caller's.
  const supply = (snapshot: AnyMachineSnapshot): readonly EventObject[] =>
    options.events?.(snapshot as SnapshotFrom<TMachine>) ?? []
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine, {
    ...(options.input === undefined ? {} : { input: options.input }),
    // State + the event that led there + the previous state: one node per transition taken,
    // so a shortest path exists for every transition (not only for every state).
    serializeState: (snapshot, event, previous) =>
      `${serializeSnapshot(snapshot)}|${event ? JSON.stringify(event) : ''}|${previous ? JSON.stringify(previous.value) : ''}`,
    events: (snapshot) => {
      const supplied = supply(snapshot)
      // The event types the active states handle (the XState helper @xstate/graph's own
      // createTestModel uses). Wildcards have no concrete event to send.
      const handled: string[] = __unsafe_getAllOwnEventDescriptors(snapshot)
      return handled
        .filter((type) => !type.includes('*'))
        .flatMap((type) => {
          const withPayloads = supplied.filter((event) => event.type === type)
          return withPayloads.length ? withPayloads : [{ type }]
        })
    },
  })
  const { edges, byTransition } = machineEdges(machine)
  const planned = model.getShortestPaths().map((path) => {
    // Per step, the transitions it takes (none when the state handles the event but a guard
    // blocks it). Trailing steps that take none only exist because the serialisation counts
    // "event ignored" as a node: they are trimmed.
    const taken = path.steps.map((step, index) => {
      const before = path.steps[index - 1]
      return before ? machine.getTransitionData(before.state, step.event) : []
    })
    let length = path.steps.length
    while (length > 1 && taken[length - 1]?.length === 0) length -= 1
    const steps = path.steps.slice(0, length)
    const edgeIds = new Set(
      taken
        .slice(0, length)
        .flatMap((transitions) => transitions.flatMap((t) => byTransition.get(t) ?? [])),
    )
    const events = steps.slice(1).map((step) => step.event)
    const last = steps[steps.length - 1]?.state ?? path.state
    const title = `${['start', ...events.map(formatEvent)].join(' → ')} ⇒ ${formatValue(last.value)}`
    return {
      title,
      steps,
      edgeIds: [...edgeIds],
      key: events.map((event) => JSON.stringify(event)),
    }
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
    .map(({ title, steps, edgeIds }): PlannedPath => ({ title, steps, edgeIds }))
  const covered = new Set(paths.flatMap((path) => path.edgeIds))
  return { paths, edges, uncovered: edges.filter((edge) => !covered.has(edge.id)) }
}

/** The delay of an `xstate.after.<delay>.<stateId>` event, in ms. */
export function afterDelayMs(
  machine: AnyStateMachine,
  eventType: string,
  snapshot: { readonly context: unknown },
): number {
  const delayRef = eventType.slice(afterPrefix.length).split('.')[0] ?? ''
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

/** Registers the path tests and the coverage test of `machine` (call at a test file's top level). */
export function testMachinePaths<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine, TView>,
): void {
  type Context = PathContext<TView, TMachine>
  // The typed callbacks, seen generically (the plan's snapshots and events are this machine's).
  const exec = options.exec as Readonly<
    Record<string, ((context: Context, event: EventObject) => unknown) | undefined>
  >
  const name = options.name ?? machine.id
  const plan = planMachinePaths(machine, {
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.events ? { events: options.events } : {}),
  })
  const fakeTimers =
    options.fakeTimers ?? plan.edges.some((edge) => edge.label.includes(`--${afterPrefix}`))

  describe(`${name} (generated paths)`, () => {
    if (fakeTimers) {
      beforeEach(() => {
        vi.useFakeTimers({
          toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
        })
        // Testing Library advances "jest" fake timers while it waits; point it at Vitest's.
        Object.assign(globalThis, {
          jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
        })
      })
      afterEach(() => {
        Reflect.deleteProperty(globalThis, 'jest')
        vi.useRealTimers()
      })
    }

    for (const path of plan.paths) {
      it(path.title, async ({ task }) => {
        task.meta.machinePath = { machine: name, title: path.title, edgeIds: path.edgeIds }
        const user = userEvent.setup(
          fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
        )
        const advance = async (ms: number) => {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(ms)
          })
        }
        const view = await options.render()
        let previous: AnyMachineSnapshot | undefined
        for (const [index, step] of path.steps.entries()) {
          const context = {
            view,
            user,
            snapshot: step.state as SnapshotFrom<TMachine>,
            advance,
          } satisfies Context
          const { type } = step.event
          let phase = `event ${formatEvent(step.event)}`
          try {
            const run = exec[type]
            if (type === 'xstate.init') {
              // rendered above: the first check is the initial state's
            } else if (run) {
              await run(context, step.event)
            } else if (type.startsWith(afterPrefix) && previous) {
              await advance(afterDelayMs(machine, type, previous))
            } else {
              throw new Error(
                `No exec for the event "${type}": add exec['${type}'] to testMachinePaths(${name})`,
              )
            }
            phase = `state ${formatValue(step.state.value)}`
            const keys = Object.keys(options.states).filter((key) => step.state.matches(key))
            if (!keys.length) {
              throw new Error(
                `No DOM assertion for state ${JSON.stringify(step.state.value)}: add it to states in testMachinePaths(${name})`,
              )
            }
            for (const key of keys) await options.states[key]?.(context)
          } catch (error) {
            // Say where on the path it broke: "step 3 of start → toggle → escape, state closed".
            if (error instanceof Error) {
              error.message += `\n\nPath ${path.title}\nFailed at step ${index} (${phase})`
            }
            throw error
          }
          previous = step.state
        }
      })
    }

    it(`covers every transition of ${name}`, ({ task }) => {
      task.meta.machineCoverage = { machine: name, edges: plan.edges }
      expect(
        plan.uncovered.map((edge) => edge.label),
        'transitions no generated path takes',
      ).toEqual([])
    })
  })
}
