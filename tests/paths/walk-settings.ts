import { decodeReplayToken, type PathMode, type ReplayToken } from './replay-token'

/**
 * What `npm run test:paths` asks of the path tests beyond the shortest paths, passed through
 * the environment to Vitest's workers (scripts/test-paths.mjs sets it; `npm test` sets a few
 * walks in scripts/test-all.sh):
 * - PATHS_WALKS: random walks per machine (default 0);
 * - PATHS_SEED: the run's seed (default 1); each walk's own seed derives from it;
 * - PATHS_WALK_STEPS: the longest walk, in events (default 12);
 * - PATHS_WALK_MODE: `jsdom` or `browser`, where walks run (default both);
 * - PATHS_SHRINK_SECONDS / PATHS_SHRINK_RUNS: the shrink's limits (default 120 s, 200 runs);
 * - PATHS_REPLAY: a replay token: only that sequence of that machine runs;
 * - PATHS_BROWSER_ALL: `1` runs every shortest path in Chromium too, not only a covering set
 *   of them (tests/paths/path-cover.ts);
 * - PATHS_MUTATE: `all` or machine names (comma-separated): instead of the paths, the mutation
 *   run of those machines (tests/paths/mutant-runner.ts); PATHS_MUTANTS: only these mutant ids;
 *   PATHS_MUTANT_PATH_SECONDS: a path on a mutant that runs longer has hung (killed; default 60);
 * - PATHS_PATIENCE_SECONDS: how long a step may take in real time before it counts as not taken
 *   (default 20; the mutation run's script passes less, a dropped transition waits it out).
 */
export type PathRunSettings = {
  readonly walks: number
  readonly seed: number
  readonly maxSteps: number
  readonly walkModes: readonly PathMode[]
  readonly shrinkMs: number
  readonly shrinkRuns: number
  readonly replay?: ReplayToken
  /** Every shortest path in Chromium (default: the fewest that take every edge). */
  readonly allBrowserPaths: boolean
  readonly mutate?: MutationSettings
  readonly patienceMs: number
}

export type MutationSettings = {
  /** The machines (report names) whose mutants run; `all`: every machine. */
  readonly machines: readonly string[] | 'all'
  /** Only these mutant ids (absent: every mutant). */
  readonly mutants?: readonly string[]
  /** The bound on one path's run on a mutant: beyond it the mutant counts as killed (hung). */
  readonly pathMs: number
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function mutationSettings(
  env: Readonly<Record<string, string | undefined>>,
): MutationSettings | undefined {
  const machines = env.PATHS_MUTATE
  if (machines === undefined || machines === '' || machines === '0') return undefined
  return {
    machines: machines === 'all' || machines === '1' ? 'all' : list(machines),
    ...(env.PATHS_MUTANTS ? { mutants: list(env.PATHS_MUTANTS) } : {}),
    pathMs: whole(env.PATHS_MUTANT_PATH_SECONDS, 60, 'PATHS_MUTANT_PATH_SECONDS') * 1000,
  }
}

function whole(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, not "${text}"`)
  return value
}

export function pathRunSettings(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PathRunSettings {
  const mode = env.PATHS_WALK_MODE
  if (mode !== undefined && mode !== '' && mode !== 'jsdom' && mode !== 'browser')
    throw new Error(`PATHS_WALK_MODE must be jsdom or browser, not "${mode}"`)
  const replay = env.PATHS_REPLAY ? decodeReplayToken(env.PATHS_REPLAY) : undefined
  const mutate = mutationSettings(env)
  return {
    walks: whole(env.PATHS_WALKS, 0, 'PATHS_WALKS'),
    seed: whole(env.PATHS_SEED, 1, 'PATHS_SEED'),
    maxSteps: whole(env.PATHS_WALK_STEPS, 12, 'PATHS_WALK_STEPS'),
    walkModes: mode ? [mode] : ['jsdom', 'browser'],
    shrinkMs: whole(env.PATHS_SHRINK_SECONDS, 120, 'PATHS_SHRINK_SECONDS') * 1000,
    shrinkRuns: whole(env.PATHS_SHRINK_RUNS, 200, 'PATHS_SHRINK_RUNS'),
    ...(replay ? { replay } : {}),
    allBrowserPaths: env.PATHS_BROWSER_ALL === '1',
    ...(mutate ? { mutate } : {}),
    patienceMs: whole(env.PATHS_PATIENCE_SECONDS, 20, 'PATHS_PATIENCE_SECONDS') * 1000,
  }
}
