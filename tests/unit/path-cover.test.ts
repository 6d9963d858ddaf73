import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { languageMenuMachine } from '../../machines/language-menu-machine'
import { slideshowMachine } from '../../machines/slideshow-machine'
import { themeMachine } from '../../machines/theme-machine'
import { coveringPaths } from '../paths/path-cover'
import { type PlannedPath, planMachinePaths, planMachinePathsFrom } from '../paths/path-plan'

// The Chromium paths run a covering subset of the shortest paths (tests/paths/path-cover.ts):
// it must take every edge the whole plan takes, with fewer paths where the plan repeats edges.

const path = (title: string, edgeIds: string[], length = edgeIds.length + 1): PlannedPath => ({
  title,
  edgeIds,
  steps: Array.from({ length }, () => ({
    event: { type: 'x' },
    state: undefined as never,
    microsteps: [],
  })),
})
const edgesOf = (paths: readonly PlannedPath[]) =>
  [...new Set(paths.flatMap((p) => p.edgeIds))].sort()

describe('coveringPaths', () => {
  it('keeps the paths that add edges, in the plan order, and drops the ones already covered', () => {
    const a = path('a', ['init', 'open'])
    const b = path('b', ['init', 'open', 'close'])
    const c = path('c', ['init', 'open', 'close', 'open'], 5)
    const d = path('d', ['init', 'escape'])
    expect(coveringPaths([a, b, c, d]).map((p) => p.title)).toEqual(['b', 'd'])
  })

  it('prefers the shorter of two paths that add the same edges', () => {
    const long = path('long', ['init', 'open'], 6)
    const short = path('short', ['init', 'open'], 2)
    expect(coveringPaths([long, short]).map((p) => p.title)).toEqual(['short'])
  })

  it('is empty for a plan without edges', () => {
    expect(coveringPaths([path('none', [])])).toEqual([])
  })

  const goTo = () => [0, 1, 2].map((index) => ({ type: 'goTo', index }) as EventObject)
  it.each([
    ['slideshow', planMachinePaths(slideshowMachine, { events: goTo as never })],
    ['language menu', planMachinePaths(languageMenuMachine)],
    ['theme', planMachinePathsFrom(themeMachine, [{ theme: 'light' }, { theme: 'dark' }])],
  ])('takes every edge of the %s plan with no more paths than it', (_, plan) => {
    const cover = coveringPaths(plan.paths)
    expect(edgesOf(cover)).toEqual(edgesOf(plan.paths))
    expect(cover.length).toBeLessThanOrEqual(plan.paths.length)
  })
})
