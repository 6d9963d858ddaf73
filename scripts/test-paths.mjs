// `npm run test:paths [-- --browser [--all-paths]] [--walks N [--seed S] [--walk-steps L]] [vitest options]`:
// the generated path tests with their per-machine report; in jsdom (Vitest project `paths`), or
// with --browser in Chromium against the built site (the e2e project's tests/e2e/paths/, which
// builds and serves the site first): there the fewest shortest paths that take every edge,
// every shortest path with --all-paths. --walks adds N seeded random walks per machine (a failing
// one is shrunk and prints its replay command); `--replay <token>` runs only the sequence a
// failing path printed, in the mode it names (tests/paths/walk-settings.ts reads the settings).
// `--mutate [--machine <name>]…` runs, instead of the paths, each machine's mutants against its
// paths (tests/paths/mutant-runner.ts; jsdom only) and reports the mutation score per machine.
import { spawnSync } from 'node:child_process'
import { randomInt } from 'node:crypto'

const args = process.argv.slice(2)
const env = { ...process.env }
const rest = []
let browser = false
let replay
let mutate = false
const machines = []
const flagValue = (flag, index) => {
  const value = args[index + 1]
  if (value === undefined || value.startsWith('--')) {
    console.error(`${flag} needs a value`)
    process.exit(2)
  }
  return value
}
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index]
  if (arg === '--browser') browser = true
  else if (arg === '--all-paths') env.PATHS_BROWSER_ALL = '1'
  else if (arg === '--walks') env.PATHS_WALKS = flagValue(arg, index++)
  else if (arg === '--seed') env.PATHS_SEED = flagValue(arg, index++)
  else if (arg === '--walk-steps') env.PATHS_WALK_STEPS = flagValue(arg, index++)
  else if (arg === '--replay') replay = flagValue(arg, index++)
  else if (arg === '--mutate') mutate = true
  else if (arg === '--machine') machines.push(flagValue(arg, index++))
  else rest.push(arg)
}

if (mutate) {
  if (browser || replay !== undefined || (env.PATHS_WALKS && env.PATHS_WALKS !== '0')) {
    console.error('--mutate runs in jsdom, without walks or a replay')
    process.exit(2)
  }
  env.PATHS_MUTATE = machines.length ? machines.join(',') : 'all'
  // A dropped transition makes a step wait out the patience: less than a path run's 20 s.
  env.PATHS_PATIENCE_SECONDS ??= '8'
} else if (machines.length) {
  console.error('--machine goes with --mutate')
  process.exit(2)
}

let selection = browser ? ['--project', 'e2e', 'tests/e2e/paths/'] : ['--project', 'paths']
if (replay !== undefined) {
  // file:machine:mode:input:choices (tests/paths/replay-token.ts); the harness checks the rest.
  const [file, , mode] = replay.split(':')
  if (!file || (mode !== 'jsdom' && mode !== 'browser')) {
    console.error(`Not a replay token: ${replay}`)
    process.exit(2)
  }
  env.PATHS_REPLAY = replay
  const name = `/${decodeURIComponent(file)}.paths.test`
  selection =
    mode === 'browser'
      ? ['--project', 'e2e', `tests/e2e/paths${name}`]
      : ['--project', 'paths', name]
  selection.push('--testNamePattern', 'replays ', '--passWithNoTests')
} else if (env.PATHS_WALKS && env.PATHS_WALKS !== '0') {
  env.PATHS_SEED ??= String(randomInt(1, 2 ** 31))
  env.PATHS_WALK_MODE = browser ? 'browser' : 'jsdom'
  console.log(
    `Random walks: ${env.PATHS_WALKS} per machine, seed ${env.PATHS_SEED} (the same walks again: npm run test:paths --${browser ? ' --browser' : ''} --walks ${env.PATHS_WALKS} --seed ${env.PATHS_SEED}${env.PATHS_WALK_STEPS ? ` --walk-steps ${env.PATHS_WALK_STEPS}` : ''})`,
  )
}

const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...selection,
    '--reporter=default',
    mutate
      ? '--reporter=./tests/paths/mutation-reporter.ts'
      : '--reporter=./tests/paths/paths-reporter.ts',
    ...rest,
  ],
  { stdio: 'inherit', env },
)
process.exit(result.status ?? 1)
