import { spawn } from 'node:child_process'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { inspectorOptions } from '../../src/ui/machine-inspector'
import { coverageReportHtml, type MachineCoverage, walkSummary } from './coverage-report'
import {
  type MachinePathsOptions,
  runMachinePath,
  testMachinePaths,
  withMachineProbe,
} from './machine-paths'
import { pathFromEvents, planMachinePaths } from './path-plan'
import {
  eventsOfChoices,
  modelStates,
  randomWalk,
  seededRandom,
  type WalkSource,
  walkSeed,
} from './path-walk'
import { decodeReplayToken, encodeReplayToken } from './replay-token'
import { checkSequence, machineStates, statesOf, tokenFor, type WalkVerdict } from './walk-runner'
import { pathRunSettings } from './walk-settings'

// The random walks test themselves: a player whose component shows the wrong state from its
// third pause on (it counts pauses itself, which its machine does not: no shortest path pauses
// three times) is found by a walk, shrunk to the six steps that show it, and replayed from the
// token it prints; a replay of a passing sequence passes.

const playerMachine = setup({
  types: { events: {} as { type: 'play' } | { type: 'pause' } | { type: 'stop' } },
}).createMachine({
  id: 'player',
  initial: 'stopped',
  states: {
    stopped: { on: { play: { target: 'playing' } } },
    playing: { on: { pause: { target: 'paused' }, stop: { target: 'stopped' } } },
    paused: { on: { play: { target: 'playing' }, stop: { target: 'stopped' } } },
  },
})

type Fault = 'none' | 'forgets the third pause'

function Player({ fault }: { readonly fault: Fault }) {
  const [snapshot, send] = useMachine(playerMachine, inspectorOptions)
  const pauses = useRef(0)
  const shown =
    fault === 'forgets the third pause' && pauses.current >= 3 && snapshot.matches('paused')
      ? 'playing'
      : String(snapshot.value)
  return (
    <div>
      <output aria-label="Player">{shown}</output>
      <button type="button" onClick={() => send({ type: 'play' })}>
        Play
      </button>
      <button
        type="button"
        onClick={() => {
          pauses.current += 1
          send({ type: 'pause' })
        }}
      >
        Pause
      </button>
      <button type="button" onClick={() => send({ type: 'stop' })}>
        Stop
      </button>
    </div>
  )
}

const click = (name: string) => () => fireEvent.click(screen.getByRole('button', { name }))
const shows = (state: string) => () =>
  expect(screen.getByRole('status', { name: 'Player' }).textContent).toBe(state)

const options = (fault: Fault): MachinePathsOptions<typeof playerMachine, unknown> => ({
  render: () => render(<Player fault={fault} />),
  exec: { play: click('Play'), pause: click('Pause'), stop: click('Stop') },
  states: { stopped: shows('stopped'), playing: shows('playing'), paused: shows('paused') },
})

// `npm run test:paths -- --replay walks:player:…` runs the broken player through the harness's
// own replay test (only then: its shortest paths are not part of the suite).
if (pathRunSettings().replay?.file === 'walks')
  testMachinePaths(playerMachine, options('forgets the third pause'))

const source: WalkSource = { machine: playerMachine, inputs: [undefined], options: {} }
const label = { name: 'player', mode: 'jsdom', file: 'walks' } as const
const run = (fault: Fault) => (path: Parameters<typeof runMachinePath>[1]) =>
  runMachinePath(playerMachine, path, options(fault), false)
const limits = { shrinkMs: 60_000, shrinkRuns: 200 }
const types = (events: readonly { type: string }[]) => events.map((event) => event.type)

/** The first of 20 walks (seed 7, up to 12 steps) that fails on the broken player. */
async function firstFailingWalk(): Promise<WalkVerdict & { passed: false }> {
  for (let index = 0; index < 20; index += 1) {
    const events = randomWalk(source, undefined, seededRandom(walkSeed(7, 'player', index)), 12)
    const verdict = await checkSequence(
      source,
      label,
      { title: `walk ${index + 1}: `, inputIndex: 0, events },
      run('forgets the third pause'),
      cleanup,
      limits,
    )
    cleanup()
    if (!verdict.passed) return verdict
  }
  throw new Error('No walk of 20 found the bug')
}

// Each run of the player is quick; a loaded machine makes the twenty-odd runs of a walk and
// its shrink take seconds.
describe('random walks', () => {
  withMachineProbe()

  it('are seeded: the same seed, the same walk; another seed, another walk', () => {
    const walk = (seed: number) =>
      JSON.stringify(randomWalk(source, undefined, seededRandom(walkSeed(seed, 'player', 0)), 12))
    expect(walk(7)).toBe(walk(7))
    expect(walk(7)).not.toBe(walk(8))
  })

  it('find a bug the shortest paths miss, and shrink it to the minimal sequence', async () => {
    // The shortest paths of the broken player all pass: none pauses three times.
    for (const path of planMachinePaths(playerMachine).paths) {
      await run('forgets the third pause')(path)
      cleanup()
    }
    const failing = await firstFailingWalk()
    expect(failing.path.steps.length - 1).toBeGreaterThan(6)
    expect(types(failing.shrunk.events)).toEqual([
      'play',
      'pause',
      'play',
      'pause',
      'play',
      'pause',
    ])
    expect(failing.shrunk.complete).toBe(true)
    // Minimal: without any one of its steps, the sequence passes (or the model refuses it).
    for (const index of failing.shrunk.events.keys()) {
      const fewer = failing.shrunk.events.filter((_, other) => other !== index)
      if (!modelStates(source, undefined, fewer)) continue
      await run('forgets the third pause')(pathFromEvents(playerMachine, undefined, fewer))
      cleanup()
    }
    expect(failing.report).toContain('Shrunk to 6 steps')
    expect(failing.report).toMatch(/ 6\. pause ⇒ paused {3}✗ failed here/)
    expect(failing.report).toContain('Failed at step 6 (state paused)')
    expect(failing.report).toContain(
      'Replay: npm run test:paths -- --replay walks:player:jsdom:0:0.0.0.0.0.0',
    )
    // The states a walk visits (counted in the report).
    expect(statesOf(failing.path).sort()).toEqual(['paused', 'playing', 'stopped'])
  }, 120_000)

  it("reproduce from the failing walk's token, and a passing sequence's token passes", async () => {
    const { token } = await firstFailingWalk()
    cleanup()
    const decoded = decodeReplayToken(encodeReplayToken(token))
    expect(decoded).toEqual(token)
    const replayed = pathFromEvents(
      playerMachine,
      undefined,
      eventsOfChoices(source, undefined, decoded.choices),
    )
    await expect(run('forgets the third pause')(replayed)).rejects.toThrow(/Failed at step 6/)
    cleanup()
    const twice = ['play', 'pause', 'play', 'pause', 'stop', 'play'].map((type) => ({ type }))
    const passing = tokenFor(source, label, 0, twice)
    await run('forgets the third pause')(
      pathFromEvents(playerMachine, undefined, eventsOfChoices(source, undefined, passing.choices)),
    )
  }, 120_000)

  it('replay from the command line: the failing token fails, naming its step; a passing one passes', async () => {
    const replay = (token: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        // A Vitest run of its own (its worker's settings left out), as QA would type it.
        const env = Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
        )
        const child = spawn('node', ['scripts/test-paths.mjs', '--replay', token], { env })
        let output = ''
        child.stdout.on('data', (chunk) => {
          output += String(chunk)
        })
        child.stderr.on('data', (chunk) => {
          output += String(chunk)
        })
        child.on('close', (code) => resolve({ code, output }))
      })
    const [failing, passing] = await Promise.all([
      replay('walks:player:jsdom:0:0.0.0.0.0.0'),
      replay('walks:player:jsdom:0:0.0.0.0.1.0'),
    ])
    expect(failing.output).toContain('Failed at step 6 (state paused)')
    expect(failing.output).toContain('1 failed')
    expect(failing.code).toBe(1)
    expect(passing.output).toContain('6. play ⇒ playing')
    expect(passing.output).toContain('1 passed')
    expect(passing.code).toBe(0)
  }, 120_000)

  it('count into the coverage: states visited in the summary line and the HTML report', () => {
    const plan = planMachinePaths(playerMachine)
    const walk = pathFromEvents(playerMachine, undefined, [{ type: 'play' }, { type: 'stop' }])
    const report: MachineCoverage = {
      machine: 'player',
      edges: plan.edges,
      unreachable: plan.unreachable,
      states: machineStates(playerMachine),
      paths: [
        {
          title: walk.title,
          passed: true,
          edgeIds: walk.edgeIds,
          kind: 'walk',
          states: statesOf(walk),
        },
        {
          title: 'a failed walk',
          passed: false,
          edgeIds: [],
          kind: 'walk',
          replay: 'npm run test:paths -- --replay walks:player:jsdom:0:0.0',
        },
      ],
    }
    const line = walkSummary(report)
    expect(line).toBe(
      `walks: 2, 1 FAILED; states visited 2/3 (not visited: paused); transitions taken by walks 3/${plan.edges.length}`,
    )
    const page = new DOMParser().parseFromString(coverageReportHtml([report]), 'text/html')
    expect(page.querySelector('.walks')?.textContent).toBe(`${line}.`)
    expect(page.querySelector('.replays')?.textContent).toContain(
      'npm run test:paths -- --replay walks:player:jsdom:0:0.0',
    )
  })

  it('refuse a token whose steps the machine no longer offers, naming the step', () => {
    expect(() => eventsOfChoices(source, undefined, [0, 1, 5])).toThrow(
      /Step 3 of the replay chooses event 5, but player accepts 1 there \(play\)/,
    )
  })
})
