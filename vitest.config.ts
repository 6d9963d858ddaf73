import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// A developer's DATABASE_URL names a database in use: no test, and no server a test starts, may
// write to it (the server tests take an external PostgreSQL from TEST_DATABASE_URL only).
delete process.env.DATABASE_URL

// One runner, four projects: components, machines and the domain in jsdom, the tests generated from the
// machines (jsdom), the server in Node, and the end-to-end suite driving Chromium against the
// built site served by `npm start`'s server.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: [
              'domain/**/*.test.{ts,tsx}',
              'src/**/*.test.{ts,tsx}',
              'machines/**/*.test.{ts,tsx}',
              'tests/unit/**/*.test.{ts,tsx}',
            ],
            exclude: ['**/node_modules/**', '**/*.paths.test.tsx'],
            setupFiles: ['tests/setup-dom.ts'],
            // A test that renders the whole app loads its page's chunk on demand (compiled the
            // first time): seconds on a loaded two-core machine, so patience beyond the 5 s
            // default, as the tests' own waits already have.
            testTimeout: 30_000,
          },
        },
        {
          // Tests generated from the state machines (tests/paths/machine-paths.ts): the real
          // components driven along every shortest path. `npm run test:paths` runs only these.
          extends: true,
          test: {
            name: 'paths',
            environment: 'jsdom',
            include: ['**/*.paths.test.tsx'],
            exclude: ['**/node_modules/**'],
            setupFiles: ['tests/setup-dom.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
            // One embedded PostgreSQL for the run; each file makes its own throw-away database.
            globalSetup: ['server/test/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // One Chromium and one server are shared; files run one after another on 2 cores.
            fileParallelism: false,
          },
        },
      ],
    },
  }),
)
