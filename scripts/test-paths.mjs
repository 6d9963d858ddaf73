// `npm run test:paths [-- --browser] [vitest options]`: the generated path tests with their
// per-machine report; in jsdom (Vitest project `paths`), or with --browser in Chromium against
// the built site (the e2e project's tests/e2e/paths/, which builds and serves the site first).
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const browser = args.includes('--browser')
const rest = args.filter((arg) => arg !== '--browser')
const selection = browser ? ['--project', 'e2e', 'tests/e2e/paths/'] : ['--project', 'paths']
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...selection,
    '--reporter=default',
    '--reporter=./tests/paths/paths-reporter.ts',
    ...rest,
  ],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
