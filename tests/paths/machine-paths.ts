/**
 * Generated path tests: drive the REAL React component along every shortest path of an XState
 * machine, check that the component's own actor takes each step, and check the DOM in every
 * state; coverage is what the running components' actors took.
 *
 * Write one `<name>.paths.test.tsx` file per machine (anywhere under src/, machines/ or tests/);
 * `npm run test:paths` runs only those files (Vitest project `paths`, jsdom) and prints, per
 * machine, transitions taken by the running component / total, the unreachable ones by name,
 * and the paths it ran. `npm run test:paths -- --browser` runs the Chromium versions
 * (tests/e2e/paths/, same plans, same report) against the built site.
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
 *     // `path` and resets page-wide state; rendering one component alone is fine too. The
 *     // component must create its actor with the app's `inspectorOptions`
 *     // (src/ui/machine-inspector.ts): that is how the harness sees what it does.
 *     render: () => renderApp('/services/web-applications'),
 *     // Optional: events WITH PAYLOADS, per state (gets the snapshot). Event types a state
 *     // handles but that are not listed are explored as `{ type }` alone; each payload listed
 *     // becomes its own path.
 *     events: () => [{ type: 'select', locale: 'es' }, { type: 'select', locale: 'en' }],
 *     // Optional: whether a visitor can cause an event in a state at all (see PathPossible).
 *     possible: (snapshot, event) => true,
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
 *     // `name` (report label, default machine.id), `fakeTimers` (see below), `fromEveryContext`
 *     // (each transition planned from every context it is reached with: a reset on cancel is
 *     // then checked after the form was used, not only on an empty one; more paths).
 *   })
 *
 * Each path is one Vitest test named after its events ("start → toggle → escape ⇒ closed");
 * the last test of the group, "takes every reachable transition of <machine>", fails when a
 * transition some path should take was taken by no passing run. A failing step says which
 * path, which step and what went wrong: the event never reached the actor, the actor took
 * other transitions or ended in another state or context than the model, or the DOM
 * assertions failed.
 *
 * What it does:
 * - Paths come from `new TestModel(machine, …).getShortestPaths()` (@xstate/graph 3), built
 *   directly rather than with `createTestModel`, which refuses `after` transitions. States are
 *   serialised with their context (what guards read), the event and the previous state, so
 *   the shortest paths reach every transition and both sides of every guard
 *   (tests/paths/path-plan.ts). Each path is replayed on the machine under XState's
 *   inspection API, which gives each step's microsteps.
 * - Each run records the component's actor under the same inspection API
 *   (tests/paths/machine-probe.ts) and compares it step by step (tests/paths/path-runner.ts).
 * - Edges: every transition of `toDirectedGraph(machine)`, every `always` branch, every
 *   initial transition, and the "no" side of guards with no alternative
 *   (tests/paths/machine-edges.ts). Edges no path reaches are reported as unreachable.
 * - Delayed transitions: a step whose event is `xstate.after.<delay>.<stateId>` advances fake
 *   timers to 1 ms short of the delay (nothing may happen, the DOM still shows the state
 *   before), then by the last 1 ms. In a state without a timer the harness lets the longest
 *   delay pass and checks that nothing moved. When the machine has such transitions the
 *   harness turns on fake timers for setTimeout/setInterval/Date, gives user-event
 *   `advanceTimers`, and shims `jest.advanceTimersByTime` so Testing Library's
 *   `waitFor`/`findBy*` keep working. Force it either way with `fakeTimers: true | false`. An
 *   `exec` entry for an `xstate.after.*` type replaces the default.
 */
import { act, cleanup } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate'
import { machineChart } from '../../scripts/machine-chart/machine-chart'
import type { MachineEdge } from './machine-edges'
import { installMachineProbe, type ProbeHost } from './machine-probe'
import {
  type CoverageItem,
  guardOutcomes,
  missingGuardOutcomes,
  plannedMoves,
  possiblePairs,
} from './move-coverage'
import { registerMutantTests } from './mutant-runner'
import {
  type EventOf,
  type MachinePathPlan,
  type PathEvents,
  type PathPossible,
  type PlannedPath,
  pathFromEvents,
  planMachinePaths,
  planMachinePathsFrom,
} from './path-plan'
import { type PathDriver, runPlannedPath } from './path-runner'
import { eventsOfChoices, randomWalk, seededRandom, type WalkSource, walkSeed } from './path-walk'
import {
  encodeReplayToken,
  type PathMode,
  type ReplayToken,
  replayCommand,
  tokenFileName,
} from './replay-token'
import {
  checkSequence,
  describeSteps,
  machineStates,
  type SequenceLabel,
  statesOf,
  tokenFor,
} from './walk-runner'
import { pathRunSettings } from './walk-settings'

export { afterDelayMs, planMachinePaths } from './path-plan'

type UserEvent = ReturnType<typeof userEvent.setup>

/** The event an `exec` entry receives for the event type K. */
export type ExecEvent<
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

export type MachinePathsOptions<TMachine extends AnyStateMachine, TView> = {
  /** Name shown in test titles and the coverage report; defaults to the machine's id. */
  readonly name?: string
  /** The machine's input, for both the model and (your job) the rendered component. */
  readonly input?: InputFrom<TMachine>
  /** Several inputs instead: paths from each (render gets the path's input). */
  readonly inputs?: ReadonlyArray<InputFrom<TMachine>>
  /** Renders the real component; called once per path, before its first step. */
  readonly render: (input: InputFrom<TMachine> | undefined) => TView | Promise<TView>
  /** Events with payloads, per state (see the file header). */
  readonly events?: NoInfer<PathEvents<TMachine>>
  /** Whether a visitor can cause an event in a state (see PathPossible). */
  readonly possible?: NoInfer<PathPossible<TMachine>>
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
  /** Plan each transition from every context it is reached with (see PlanOptions). */
  readonly fromEveryContext?: boolean
}

/** What the coverage reporter reads from each test (`task.meta`). */
export type MachinePathMeta = {
  readonly machine: string
  readonly title: string
  /** Edges the component's actor took on this path (the run, not the plan). */
  readonly edgeIds: readonly string[]
  /** A shortest path (the default), a random walk, or a replay. */
  readonly kind?: 'shortest' | 'walk' | 'replay'
  /** The states the path went through (walks: what the report counts as visited). */
  readonly states?: readonly string[]
  /** When it failed: the command that runs its sequence again. */
  readonly replay?: string
}
export type MachineCoverageMeta = {
  readonly machine: string
  readonly edges: readonly MachineEdge[]
  readonly unreachable: readonly MachineEdge[]
  /** The machine's chart (SVG) for the HTML report: drawn here, where the machine is. */
  readonly chart: string
  /** Every state of the machine, as dotted paths (for the walks' "states visited"). */
  readonly states?: readonly string[]
  /** Each guard's yes and no (tests/paths/move-coverage.ts). */
  readonly guardOutcomes?: readonly CoverageItem[]
  /** The guard outcomes no planned path shows (the model's replay of every path). */
  readonly unreachableGuardOutcomes?: readonly CoverageItem[]
  /** Every pair of transitions the chart allows one after the other. */
  readonly pairs?: readonly CoverageItem[]
}

declare module '@vitest/runner' {
  interface TaskMeta {
    machinePath?: MachinePathMeta
    machineCoverage?: MachineCoverageMeta
  }
}

/** How registerPathTests runs a machine's paths. */
export type PathTestSetup = {
  /** Each path test's timeout (default: the project's). */
  readonly timeoutMs?: number
  /** The machine's inputs and event tables: the walks and the replay tokens come from them. */
  readonly source: WalkSource
  readonly mode: PathMode
  /** Clears what a failed run left (rendered components, timers) before the shrink's next run. */
  readonly fresh?: () => void | Promise<void>
}

/** Appends the replay command to a failing path's error; returns the command. */
function withReplayLine(error: unknown, token: ReplayToken | undefined): string | undefined {
  if (!token) return undefined
  const command = replayCommand(token)
  if (error instanceof Error) error.message += `\n\nReplay: ${command}`
  return command
}

/**
 * Registers, for each planned path, a test (`it`) that runs it, and the coverage test that
 * compares what the runs took with what the plan reaches; with PATHS_WALKS, that many seeded
 * random walks (walk-runner.ts); with PATHS_REPLAY naming this machine, only that sequence
 * (walk-settings.ts). Shared by the jsdom and the browser harness: `run` runs one path and
 * returns the edges the component took.
 */
export function registerPathTests(
  name: string,
  plan: MachinePathPlan,
  run: (path: PlannedPath) => Promise<Set<string>>,
  setup: PathTestSetup,
): void {
  const { source, mode, timeoutMs } = setup
  const settings = pathRunSettings()
  const fresh = setup.fresh ?? (() => {})
  const label = (file: string): SequenceLabel => ({ name, mode, file: tokenFileName(file) })
  if (settings.replay) {
    const token = settings.replay
    if (token.machine !== name || token.mode !== mode) return
    it(
      `replays ${encodeReplayToken(token)}`,
      async ({ task }) => {
        const input = source.inputs[token.input]
        if (token.input >= source.inputs.length)
          throw new Error(
            `${name} has ${source.inputs.length} input(s); the token names #${token.input}`,
          )
        const events = eventsOfChoices(source, input, token.choices)
        const path = pathFromEvents(plan.machine, input, events, 'replay: ')
        process.stdout.write(`\nReplaying ${name} (${mode}):\n${describeSteps(path)}\n`)
        task.meta.machinePath = { machine: name, title: path.title, edgeIds: [], kind: 'replay' }
        try {
          const edges = await run(path)
          task.meta.machinePath = { ...task.meta.machinePath, edgeIds: [...edges] }
        } catch (error) {
          task.meta.machinePath = {
            ...task.meta.machinePath,
            replay: withReplayLine(error, { ...token, file: label(task.file.filepath).file }),
          }
          throw error
        }
      },
      timeoutMs,
    )
    return
  }
  const taken = new Set<string>()
  // ELK answers through setTimeout: the chart is drawn before any test installs fake timers.
  let chart = ''
  beforeAll(async () => {
    chart = (await machineChart(plan.machine, { refusals: true })).svg
  })
  for (const path of plan.paths) {
    it(
      path.title,
      async ({ task }) => {
        task.meta.machinePath = { machine: name, title: path.title, edgeIds: [] }
        try {
          const edges = await run(path)
          task.meta.machinePath = { machine: name, title: path.title, edgeIds: [...edges] }
          for (const id of edges) taken.add(id)
        } catch (error) {
          const events = path.steps.slice(1).map((step) => step.event)
          const inputIndex = Math.max(0, source.inputs.indexOf(path.input))
          let token: ReplayToken | undefined
          try {
            token = tokenFor(source, label(task.file.filepath), inputIndex, events)
          } catch {
            token = undefined // a path the walk tables cannot name: no replay line
          }
          task.meta.machinePath = { ...task.meta.machinePath, replay: withReplayLine(error, token) }
          throw error
        }
      },
      timeoutMs,
    )
  }
  if (settings.walks > 0 && settings.walkModes.includes(mode)) {
    // A walk may be long, and a failing one is shrunk within its test.
    const walkTimeout = settings.shrinkMs + 4 * (timeoutMs ?? 60_000)
    for (let index = 0; index < settings.walks; index += 1) {
      const random = seededRandom(walkSeed(settings.seed, name, index))
      const inputIndex = Math.floor(random() * source.inputs.length)
      const events = randomWalk(source, source.inputs[inputIndex], random, settings.maxSteps)
      const title = `walk ${index + 1}/${settings.walks} (seed ${settings.seed}): `
      const planned = pathFromEvents(plan.machine, source.inputs[inputIndex], events, title)
      it(
        planned.title,
        async ({ task }) => {
          const meta = { machine: name, title: planned.title, kind: 'walk' as const }
          task.meta.machinePath = { ...meta, edgeIds: [] }
          const verdict = await checkSequence(
            source,
            label(task.file.filepath),
            { title, inputIndex, events },
            run,
            fresh,
            settings,
          )
          if (!verdict.passed) {
            task.meta.machinePath = { ...meta, edgeIds: [], replay: replayCommand(verdict.token) }
            throw new Error(verdict.report)
          }
          task.meta.machinePath = {
            ...meta,
            edgeIds: [...verdict.edges],
            states: statesOf(planned),
          }
        },
        walkTimeout,
      )
    }
  }
  it(`takes every reachable transition of ${name}`, ({ task }) => {
    // The guard outcomes the planned paths show on the model: those the runs must show too.
    const planned = plannedMoves(plan.machine, plan.paths)
    const outcomes = guardOutcomes(plan.machine)
    task.meta.machineCoverage = {
      machine: name,
      edges: plan.edges,
      unreachable: plan.unreachable,
      chart,
      states: machineStates(plan.machine),
      guardOutcomes: outcomes,
      unreachableGuardOutcomes: outcomes.filter((outcome) => !planned.has(outcome.id)),
      pairs: possiblePairs(plan.machine),
    }
    const reachable = new Set(plan.paths.flatMap((path) => path.edgeIds))
    expect(
      plan.edges
        .filter((edge) => reachable.has(edge.id) && !taken.has(edge.id))
        .map((e) => e.label),
      'transitions a path should take that no passing run of the component took',
    ).toEqual([])
    expect(
      missingGuardOutcomes(plan.machine, planned, taken),
      'guard outcomes a path should show that no passing run of the component showed',
    ).toEqual([])
  })
}

const probeHost = globalThis as ProbeHost

/**
 * How long the jsdom driver waits, in real time, for the component to take a step before the
 * step counts as not taken: generous, so a loaded machine is slow but never wrong (a step that
 * is taken arrives in milliseconds; the wait ends as soon as it does). 20 s unless
 * PATHS_PATIENCE_SECONDS says otherwise (the mutation run, where a dropped transition waits it out).
 */
const realTimePatienceMs = () => pathRunSettings().patienceMs

/** The jsdom driver: records from the probe, fake or real time. */
function jsdomDriver(fakeTimers: boolean): PathDriver & { reset(): void } {
  let turns = 0
  let deadline = Date.now() + realTimePatienceMs()
  // Only what happens from now on (a test may run several paths).
  const from = probeHost.__machineRecords?.length ?? 0
  return {
    controlsTime: fakeTimers,
    reset: () => {
      turns = 0
      deadline = Date.now() + realTimePatienceMs()
    },
    records: async () => (probeHost.__machineRecords ?? []).slice(from),
    wait: async () => {
      if (fakeTimers) {
        // Let promises and React settle without moving the clock: a count of turns, not time.
        turns += 1
        await act(async () => {
          await Promise.resolve()
        })
        return turns < 200
      }
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
      })
      return Date.now() < deadline
    },
    advance: async (ms) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms)
      })
    },
  }
}

/**
 * Runs one planned path against the component `options.render` makes, in jsdom (the probe
 * installed and, when `fakeTimers`, Vitest's fake timers on: testMachinePaths does both).
 * Resolves with the edges the component's actor took; rejects naming the failing step.
 */
export async function runMachinePath<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  path: PlannedPath,
  options: MachinePathsOptions<TMachine, TView>,
  fakeTimers: boolean,
): Promise<Set<string>> {
  type Context = PathContext<TView, TMachine>
  const exec = options.exec as Readonly<
    Record<string, ((context: Context, event: EventObject) => unknown) | undefined>
  >
  const name = options.name ?? machine.id
  const user = userEvent.setup(
    fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  )
  const driver = jsdomDriver(fakeTimers)
  const view = await options.render(path.input as InputFrom<TMachine> | undefined)
  const context = (snapshot: AnyMachineSnapshot): Context => ({
    view,
    user,
    snapshot: snapshot as SnapshotFrom<TMachine>,
    advance: driver.advance,
  })
  // The event's snapshot is the state AFTER it (what exec callbacks have always received).
  const after = new Map(path.steps.map((step) => [step.event, step.state]))
  return runPlannedPath(
    machine,
    path,
    driver,
    {
      exec: async (event, previous) => {
        driver.reset()
        const run = exec[event.type]
        if (!run) return false
        await run(context(after.get(event) ?? previous), event)
        return true
      },
      assertState: async (state) => {
        driver.reset()
        const keys = Object.keys(options.states).filter((key) => state.matches(key))
        for (const key of keys) await options.states[key]?.(context(state))
        return keys.length > 0
      },
    },
    name,
  )
}

/** Installs the probe (for a test of its own that calls runMachinePath). */
export function withMachineProbe(): void {
  beforeEach(() => {
    installMachineProbe(probeHost)
  })
  afterEach(() => {
    Reflect.deleteProperty(probeHost, '__machineProbe')
    Reflect.deleteProperty(probeHost, '__machineRecords')
  })
}

/**
 * Vitest's fake timers for setTimeout/setInterval/Date in each test, with the shim Testing
 * Library's `waitFor` needs to advance them (it knows only "jest" fake timers).
 */
export function withFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    Object.assign(globalThis, {
      jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
    })
  })
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'jest')
    vi.useRealTimers()
  })
}

/** Registers the path tests and the coverage test of `machine` (call at a test file's top level). */
export function testMachinePaths<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine, TView>,
): void {
  const name = options.name ?? machine.id
  // A replay of another machine's sequence: nothing of this one runs (nor is planned); in a
  // mutation run, only the machines it names run, and only their mutants.
  const { replay, mutate } = pathRunSettings()
  if (replay && (replay.machine !== name || replay.mode !== 'jsdom')) return
  if (mutate && mutate.machines !== 'all' && !mutate.machines.includes(name)) return
  const planOptions = {
    ...(options.events ? { events: options.events } : {}),
    ...(options.possible ? { possible: options.possible } : {}),
    ...(options.fromEveryContext ? { fromEveryContext: true } : {}),
  }
  const plan = options.inputs
    ? planMachinePathsFrom(machine, options.inputs, planOptions)
    : planMachinePaths(machine, {
        ...planOptions,
        ...(options.input === undefined ? {} : { input: options.input }),
      })
  const fakeTimers = options.fakeTimers ?? plan.edges.some((edge) => edge.kind === 'delayed')

  describe(`${name} (generated paths)`, () => {
    withMachineProbe()
    if (fakeTimers) withFakeClock()
    const run = (path: PlannedPath) => runMachinePath(machine, path, options, fakeTimers)
    if (mutate) {
      registerMutantTests(name, machine, plan.paths, run, mutate)
      return
    }

    // Typing a whole form with user-event takes seconds on a busy machine.
    registerPathTests(name, plan, run, {
      timeoutMs: 30_000,
      mode: 'jsdom',
      source: {
        machine,
        inputs: options.inputs ?? [options.input],
        options: planOptions as WalkSource['options'],
      },
      // Between the runs of a shrink, in one test: unmount the last run's app, drop its timers.
      fresh: () => {
        cleanup()
        if (fakeTimers) vi.clearAllTimers()
      },
    })
  })
}
