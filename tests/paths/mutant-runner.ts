import { afterAll, describe, it } from 'vitest'
import type { AnyStateMachine, StateValue } from 'xstate'
import { equivalentMutants } from './equivalent-mutants'
import { type Mutant, machineMutants } from './machine-mutants'
import type { PlannedPath } from './path-plan'
import { failedStep } from './path-runner'
import type { MutationSettings } from './walk-settings'

/**
 * The mutation run of one machine (`npm run test:paths -- --mutate`): for each mutant of the
 * machine (machine-mutants.ts), the machine's own generated paths run with the COMPONENT on
 * the mutant, while the model the paths were planned from stays the real machine. A path
 * that fails kills the mutant (later paths of that mutant are skipped); a mutant every path
 * passes survives, and the report says why.
 *
 * Injection: the components build their machine with `machine.provide(…)` when they mount
 * (their effects injected). While a mutant's path runs, the machine object the test planned
 * from gets an own `provide` that returns the mutant of what the real one returns (same
 * config change, the component's implementations); removed after the path. No module mock,
 * no change to a component, and the plan and the harness's checks keep reading the real
 * machine. A component that never calls `provide` on that object during a run cannot be
 * measured this way: its verdict fails saying so.
 *
 * Cost: a mutant only runs the paths that reach the state it changes (the plan knows each
 * path's states, the transient ones included), those that take the changed transition first;
 * each path is its own test (the file's hooks run around it as for any path), so several
 * mutants share one Vitest process. A path that runs longer than `pathMs` has hung: killed.
 * A path that fails BEFORE it reaches the changed state failed for another reason (the
 * mutant is not there yet): it kills nothing and is counted as ignored.
 */

export type MutantStatus = 'killed' | 'survived' | 'equivalent' | 'not-injected'

/** What the report reads from each mutant's verdict test (`task.meta.mutant`). */
export type MutantVerdict = {
  readonly machine: string
  readonly id: string
  readonly operator: Mutant['operator']
  readonly description: string
  readonly status: MutantStatus
  /** Killed: by the harness's step check (the actor did other than the model), a DOM assertion, or a hang. */
  readonly killedBy?: 'step check' | 'DOM assertion' | 'hang'
  /** Killed: the path that killed it, and the first lines of its failure. */
  readonly path?: string
  readonly failure?: string
  /** Survived / equivalent / not injected: why. */
  readonly reason?: string
  /** Paths run on it; failures before the changed state (not the mutant's doing). */
  readonly pathsRun: number
  readonly ignored: number
}

declare module '@vitest/runner' {
  interface TaskMeta {
    mutant?: MutantVerdict
  }
}

/** Whether the state at dotted `path` is active in `value` ('' : the machine, always). */
export function valueHas(value: unknown, path: string): boolean {
  if (path === '') return true
  const [head, ...rest] = path.split('.')
  if (typeof value === 'string') return rest.length === 0 && value === head
  if (!value || typeof value !== 'object' || head === undefined || !(head in value)) return false
  return rest.length === 0 || valueHas((value as Record<string, unknown>)[head], rest.join('.'))
}

/**
 * The first step of `path` at which the mutant's state is active: after the step's event, or
 * within it (a transient state, seen only in the step's microsteps, or only by the transition
 * it takes: a transient start leaves before any snapshot is recorded). -1: never.
 */
export function firstStepIn(
  path: PlannedPath,
  mutant: Pick<Mutant, 'statePath' | 'transitionKey'>,
): number {
  const source = mutant.transitionKey?.split('|')[0]
  return path.steps.findIndex(
    (step) =>
      valueHas(step.state.value as StateValue, mutant.statePath) ||
      step.microsteps.some(
        (record) =>
          valueHas(record.value, mutant.statePath) ||
          (source !== undefined && record.transitions.some((key) => key.startsWith(`${source}|`))),
      ),
  )
}

/**
 * Whether a path meets the mutant's change: an entry or exit action, by reaching its state; an
 * inverted guard, by hearing the event there (whichever alternative answers); any other change
 * of a transition, by taking it.
 */
const meetsChange = (path: PlannedPath, mutant: Mutant) => {
  const key = mutant.transitionKey
  if (key === undefined) return true
  if (mutant.operator !== 'invert') return path.edgeIds.includes(key)
  const event = key.slice(0, key.lastIndexOf('|') + 1)
  return path.edgeIds.some((id) => id.startsWith(event))
}

/**
 * The paths a mutant runs: those reaching its state, those taking its transition first; none
 * when no path meets the change.
 */
export function pathsForMutant(
  paths: readonly PlannedPath[],
  mutant: Mutant,
): { readonly paths: readonly PlannedPath[]; readonly reaching: number; readonly hearing: number } {
  const reaching = paths.filter((path) => firstStepIn(path, mutant) >= 0)
  const takes = reaching.filter(
    (path) => mutant.transitionKey && path.edgeIds.includes(mutant.transitionKey),
  )
  const hearing = reaching.filter((path) => meetsChange(path, mutant))
  const rest = reaching.filter((path) => !takes.includes(path))
  // A change no path meets cannot make one fail: nothing to run, it survives saying so.
  const run = hearing.length ? [...takes, ...rest] : []
  return { paths: run, reaching: reaching.length, hearing: hearing.length }
}

const stepCheck = [
  /actor took /,
  /never delivered /,
  /'s (state|context) in the component/,
  / moved (within|\d+ ms into)/,
]

/** What kind of check failed: the harness's comparison with the model, or the DOM's. */
function killedByOf(error: unknown): 'step check' | 'DOM assertion' {
  const message = error instanceof Error ? error.message : String(error)
  return stepCheck.some((pattern) => pattern.test(message)) ? 'step check' : 'DOM assertion'
}

const firstLines = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 3)
    .join(' / ')
    .slice(0, 400)

class Hung extends Error {}

// The real clock, taken when the module loads: a path's fake timers replace the globals later.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout

/** `promise`, or a Hung rejection after `ms` (the run is abandoned; the test's hooks clean up). */
function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof globalThis.setTimeout> | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Hung(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, hang]).finally(() => realClearTimeout(timer))
}

/**
 * While a path runs: `machine.provide(…)` returns the mutant of the provided machine. Returns
 * the undo.
 */
export function injectMutant(
  machine: AnyStateMachine,
  mutant: Mutant,
  onUse: () => void,
): () => void {
  const real = Object.getPrototypeOf(machine).provide as AnyStateMachine['provide']
  const own = Object.getOwnPropertyDescriptor(machine, 'provide')
  Object.defineProperty(machine, 'provide', {
    configurable: true,
    writable: true,
    value(this: AnyStateMachine, implementations: Parameters<AnyStateMachine['provide']>[0]) {
      onUse()
      return mutant.apply(real.call(this, implementations))
    },
  })
  return () => {
    if (own) Object.defineProperty(machine, 'provide', own)
    else Reflect.deleteProperty(machine, 'provide')
  }
}

/**
 * Registers, per mutant of `machine` (named `name` in the report), one test per path it runs
 * and its verdict test. `run` runs one path with the component (as the path tests do). The
 * verdicts land in the returned list as their tests run.
 */
export function registerMutantTests(
  name: string,
  machine: AnyStateMachine,
  planned: readonly PlannedPath[],
  run: (path: PlannedPath) => Promise<unknown>,
  settings: MutationSettings,
  equivalents: Readonly<Record<string, string>> = equivalentMutants,
): readonly MutantVerdict[] {
  const wanted = settings.mutants
  const mutants = machineMutants(machine, name).filter((m) => !wanted || wanted.includes(m.id))
  const verdicts: MutantVerdict[] = []
  for (const mutant of mutants) {
    const { paths, reaching, hearing } = pathsForMutant(planned, mutant)
    let killed: Omit<MutantVerdict, 'pathsRun' | 'ignored'> | undefined
    let pathsRun = 0
    let ignored = 0
    let injected = false
    const base = {
      machine: name,
      id: mutant.id,
      operator: mutant.operator,
      description: mutant.description,
    }
    describe(`mutant ${mutant.id}`, () => {
      for (const [index, path] of paths.entries()) {
        it(
          `path ${index + 1}/${paths.length}: ${path.title}`,
          async ({ skip }) => {
            if (killed) skip('killed already')
            const undo = injectMutant(machine, mutant, () => {
              injected = true
            })
            pathsRun += 1
            try {
              await bounded(run(path), settings.pathMs)
            } catch (error) {
              const step = failedStep(error) ?? 0
              if (!(error instanceof Hung) && step < firstStepIn(path, mutant)) {
                ignored += 1
                return
              }
              killed = {
                ...base,
                status: 'killed',
                killedBy: error instanceof Hung ? 'hang' : killedByOf(error),
                path: path.title,
                failure: firstLines(error),
              }
            } finally {
              undo()
            }
          },
          settings.pathMs + 30_000,
        )
      }
      it('verdict', ({ task }) => {
        const equivalent = equivalents[mutant.id]
        const verdict: MutantVerdict = killed
          ? { ...killed, pathsRun, ignored }
          : paths.length && !injected
            ? {
                ...base,
                status: 'not-injected',
                reason: `the component never called ${machine.id}.provide() on the machine its paths test plans from`,
                pathsRun,
                ignored,
              }
            : {
                ...base,
                status: equivalent ? 'equivalent' : 'survived',
                reason:
                  equivalent ??
                  (reaching === 0
                    ? `no path reached ${mutant.statePath || 'the machine'}`
                    : hearing === 0
                      ? mutant.operator === 'invert'
                        ? `paths reach ${mutant.statePath || 'the machine'}, none sends that event there`
                        : `paths reach ${mutant.statePath || 'the machine'}, none takes that transition`
                      : `not observable by the component: ${pathsRun - ignored} path(s) through it pass`),
                pathsRun,
                ignored,
              }
        task.meta.mutant = verdict
        verdicts.push(verdict)
        // One line per mutant as it is decided: a long run shows where it is.
        process.stdout.write(
          `${verdict.status}${verdict.killedBy ? ` (${verdict.killedBy})` : ''}: ${mutant.id} after ${pathsRun} path(s)\n`,
        )
        if (verdict.status === 'survived' || verdict.status === 'not-injected')
          throw new Error(
            `${mutant.id} ${verdict.status === 'survived' ? 'survived' : 'was not injected'}: ${mutant.description}; ${verdict.reason}. Kill it with a better path test (events or assertions), or explain it in tests/paths/equivalent-mutants.ts.`,
          )
      })
    })
  }
  afterAll(() => {
    const killedCount = verdicts.filter((v) => v.status === 'killed').length
    const scored = verdicts.filter((v) => v.status !== 'equivalent').length
    process.stdout.write(
      `\n${name}: ${verdicts.length} mutants, ${killedCount} killed (${scored ? Math.floor((killedCount / scored) * 1000) / 10 : 100}% of ${scored} non-equivalent)\n`,
    )
  })
  return verdicts
}
