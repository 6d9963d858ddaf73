import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate'
import { type ExecEvent, registerPathTests } from '../../paths/machine-paths'
import { installMachineProbe, type ProbeHost, type ProbeRecord } from '../../paths/machine-probe'
import { coveringPlan } from '../../paths/path-cover'
import {
  type EventOf,
  type PathEvents,
  type PathPossible,
  type PlannedPath,
  planMachinePaths,
  planMachinePathsFrom,
} from '../../paths/path-plan'
import { type PathDriver, runPlannedPath } from '../../paths/path-runner'
import type { WalkSource } from '../../paths/path-walk'
import { pathRunSettings } from '../../paths/walk-settings'
import { launchChromium } from '../browser'
import { waitForHydration } from '../navigation-helpers'

/** What browser `exec` and `states` callbacks receive. */
export type BrowserPathContext<TMachine extends AnyStateMachine> = {
  readonly page: Page
  /** The model's snapshot after the step (for `states`: the state being checked). */
  readonly snapshot: SnapshotFrom<TMachine>
}

export type BrowserPathsOptions<TMachine extends AnyStateMachine> = {
  readonly name?: string
  readonly input?: InputFrom<TMachine>
  readonly inputs?: ReadonlyArray<InputFrom<TMachine>>
  readonly events?: NoInfer<PathEvents<TMachine>>
  readonly possible?: NoInfer<PathPossible<TMachine>>
  /** The page each path starts on. */
  readonly url: (input: InputFrom<TMachine> | undefined) => string
  /** An element React must have hydrated before the first step (default: a header button). */
  readonly ready?: string
  /** Viewport, locale, media… of each path's fresh browser context. */
  readonly context?: BrowserContextOptions
  /** Runs on the fresh page before it opens `url` (storage, emulated media). */
  readonly prepare?: (page: Page, input: InputFrom<TMachine> | undefined) => Promise<unknown>
  readonly exec: {
    readonly [K in EventOf<TMachine>['type']]?: (
      context: BrowserPathContext<TMachine>,
      event: ExecEvent<TMachine, K>,
    ) => Promise<unknown>
  }
  readonly states: Readonly<
    Record<string, (context: BrowserPathContext<TMachine>) => Promise<unknown>>
  >
}

const clockStart = new Date('2026-03-02T09:00:00Z')
const pauseLeadMs = 60_000

/**
 * The generated paths of `machine` in Chromium, against the built site that `npm start`
 * serves (the e2e project's global set-up builds and starts it): the same plans, the same
 * step-by-step comparison with the component's actor (the app hands its inspection events to
 * the probe this installs before any script of the page runs) and the same report as the jsdom
 * paths. Time is Playwright's clock, paused from before the page loads: only the harness
 * moves it.
 */
export function testMachinePathsInBrowser<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: BrowserPathsOptions<TMachine>,
): void {
  type Context = BrowserPathContext<TMachine>
  const exec = options.exec as Readonly<
    Record<string, ((context: Context, event: EventObject) => Promise<unknown>) | undefined>
  >
  const name = options.name ?? machine.id
  // A replay of another machine's sequence: nothing of this one runs (nor is planned).
  const { replay, allBrowserPaths } = pathRunSettings()
  if (replay && (replay.machine !== name || replay.mode !== 'browser')) return
  const planOptions = {
    ...(options.events ? { events: options.events } : {}),
    ...(options.possible ? { possible: options.possible } : {}),
  }
  const shortest = options.inputs
    ? planMachinePathsFrom(machine, options.inputs, planOptions)
    : planMachinePaths(machine, {
        ...planOptions,
        ...(options.input === undefined ? {} : { input: options.input }),
      })
  // A page load per path: Chromium runs the fewest shortest paths that take every edge (jsdom
  // runs them all); `--all-paths` runs them all here too.
  const plan = allBrowserPaths ? shortest : coveringPlan(shortest)
  const baseURL = inject('baseURL')
  let browser: Browser | undefined

  describe(`${name} (generated paths, Chromium)`, () => {
    beforeAll(async () => {
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
    })

    const run = async (path: PlannedPath): Promise<Set<string>> => {
      if (!browser) throw new Error('The browser is not running')
      const input = path.input as InputFrom<TMachine> | undefined
      const context = await browser.newContext({ baseURL, locale: 'en-US', ...options.context })
      try {
        const page = await context.newPage()
        // A step that cannot act fails in seconds, naming the step, not at the test's timeout;
        // a page load may take longer on a loaded machine, and is not a step.
        page.setDefaultTimeout(5000)
        page.setDefaultNavigationTimeout(30_000)
        await page.addInitScript(`(${installMachineProbe.toString()})(globalThis)`)
        // The site's origin, for `prepare` to write its storage: a page (here the not-found one),
        // not a file such as robots.txt, which is served sandboxed (no storage of its own).
        await page.goto('/__paths-start')
        await page.clock.install({ time: clockStart })
        // Paused a minute ahead: the installed clock runs until then, and pausing at a time it
        // has passed fails ("Cannot fast-forward to the past"), which on a loaded machine a
        // second ahead did.
        await page.clock.pauseAt(new Date(clockStart.getTime() + pauseLeadMs))
        await options.prepare?.(page, input)
        await page.goto(options.url(input))
        await waitForHydration(page, options.ready)
        // Patience for a step the page is still taking, from the step's start: generous, so a
        // loaded machine is slow but never wrong (the wait ends as soon as the step arrives).
        const patienceMs = 20_000
        let deadline = Date.now() + patienceMs
        const driver: PathDriver = {
          controlsTime: true,
          records: () =>
            page.evaluate(
              () => (globalThis as ProbeHost).__machineRecords ?? ([] as ProbeRecord[]),
            ),
          wait: async () => {
            await new Promise((resolve) => setTimeout(resolve, 20))
            return Date.now() < deadline
          },
          advance: (ms) => page.clock.runFor(ms),
        }
        const after = new Map(path.steps.map((step) => [step.event, step.state]))
        const at = (snapshot: AnyMachineSnapshot): Context => ({
          page,
          snapshot: snapshot as SnapshotFrom<TMachine>,
        })
        return await runPlannedPath(
          machine,
          path,
          driver,
          {
            exec: async (event, previous) => {
              deadline = Date.now() + patienceMs
              const step = exec[event.type]
              if (!step) return false
              await step(at(after.get(event) ?? previous), event)
              return true
            },
            assertState: async (state) => {
              deadline = Date.now() + patienceMs
              const keys = Object.keys(options.states).filter((key) => state.matches(key))
              for (const key of keys) await options.states[key]?.(at(state))
              return keys.length > 0
            },
          },
          name,
        )
      } finally {
        await context.close()
      }
    }
    registerPathTests(name, plan, run, {
      mode: 'browser',
      source: {
        machine,
        inputs: options.inputs ?? [options.input],
        options: planOptions as WalkSource['options'],
      },
    })
  })
}
