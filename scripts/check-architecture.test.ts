import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkArchitecture } from './check-architecture.mjs'

let root: string | undefined
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

/** A throw-away project with these files, checked by the real rules. */
function check(files: Record<string, string>): string[] {
  root = mkdtempSync(join(tmpdir(), 'layers-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return checkArchitecture(root).problems
}

const domain = { 'domain/locales.ts': "export const locales = ['en', 'es'] as const\n" }

describe('the architecture check', () => {
  it('passes imports that follow the layers', () => {
    expect(
      check({
        ...domain,
        'machines/menu-machine.ts':
          "import { setup } from 'xstate'\nimport { locales } from '../domain/locales'\n",
        'src/features/menu/menu.tsx':
          "import '../../../machines/menu-machine'\nimport '../../../domain/locales'\n",
        'src/shell/header.tsx': "import '../features/menu/menu'\n",
        'server/app.ts': "import { locales } from '../domain/locales'\n",
      }),
    ).toEqual([])
  })

  it('fails a machine that imports a feature, naming the rule', () => {
    const problems = check({
      'src/features/theme/theme.ts': 'export type Theme = string\n',
      'machines/theme-machine.ts': "import type { Theme } from '../src/features/theme/theme'\n",
    })
    expect(problems).toEqual([
      expect.stringMatching(
        /^machines → feature: machines\/theme-machine\.ts imports src\/features\/theme\/theme\.ts\n\s+rule: machines are pure/,
      ),
    ])
  })

  it('fails a machine that uses React or the DOM through a package', () => {
    expect(check({ 'machines/a-machine.ts': "import { useState } from 'react'\n" })).toEqual([
      expect.stringContaining('machines → package react'),
    ])
  })

  it('fails a feature that imports another feature', () => {
    const problems = check({
      'src/features/services/table.ts': 'export const table = []\n',
      'src/features/home/cards.ts': "import { table } from '../services/table'\n",
    })
    expect(problems).toEqual([
      expect.stringContaining('feature → feature: src/features/home/cards.ts'),
    ])
  })

  it('fails the server importing a feature, even for a type', () => {
    const problems = check({
      'src/features/seo/page.ts': 'export type Page = string\n',
      'server/site.ts': "import type { Page } from '../src/features/seo/page'\n",
    })
    expect(problems).toEqual([expect.stringContaining('server app → feature: server/site.ts')])
  })

  it('fails the domain reaching up into machines/, src/ or server/, layered or not', () => {
    const problems = check({
      'machines/menu-machine.ts': 'export const menu = 1\n',
      'src/routeTree.gen.ts': 'export const routeTree = 1\n',
      'server/config.ts': 'export const config = 1\n',
      'domain/pages/a.ts':
        "import '../../machines/menu-machine'\nimport '../../src/routeTree.gen'\nimport '../../server/config'\n",
    })
    expect(problems).toEqual([
      expect.stringContaining(
        'domain → machines: domain/pages/a.ts imports machines/menu-machine.ts',
      ),
      expect.stringContaining(
        'domain → outside its folders: domain/pages/a.ts imports src/routeTree.gen.ts',
      ),
      expect.stringContaining('domain → server app: domain/pages/a.ts imports server/config.ts'),
    ])
  })

  it('fails a machine reaching into src/ even where no layer claims the file', () => {
    const problems = check({
      'src/routeTree.gen.ts': 'export const routeTree = 1\n',
      'machines/a-machine.ts': "import '../src/routeTree.gen'\n",
    })
    expect(problems).toEqual([
      expect.stringContaining('machines → outside its folders: machines/a-machine.ts'),
    ])
  })

  it('fails a file put back under src/domain/, a test included', () => {
    const problems = check({
      ...domain,
      'src/domain/money.ts': 'export const cents = 100\n',
      'src/domain/money.test.ts': "import './money'\n",
    })
    expect(problems).toEqual([
      expect.stringMatching(
        /^retired folder: src\/domain\/money\.(test\.)?ts\n\s+rule: the domain is a top-level folder/,
      ),
      expect.stringMatching(/^retired folder: src\/domain\/money\.(test\.)?ts/),
    ])
  })

  it('fails a cycle', () => {
    const problems = check({
      'domain/a.ts': "import { b } from './b'\nexport const a = 1\n",
      'domain/b.ts': "import { a } from './a'\nexport const b = 2\n",
    })
    expect(problems).toEqual([
      expect.stringMatching(/^cycle: domain\/(a|b)\.ts → domain\/(a|b)\.ts/),
    ])
  })

  it('fails folders that import each other in a circle, even without a file cycle', () => {
    const problems = check({
      ...domain,
      'src/router.tsx': "import './routes/privacy'\nexport const router = 1\n",
      'src/routes/privacy.tsx': "import { copy } from '../routing/copy'\n",
      'src/routing/copy.ts': 'export const copy = 1\n',
      'src/routing/pages.ts': "import { router } from '../router'\n",
    })
    // router.tsx is a unit of its own; routes → routing → router → routes is the circle.
    expect(problems).toEqual([expect.stringMatching(/^folder cycle: /)])
    expect(problems[0]).toContain('src/routing')
  })

  it('keeps the server in layers: platform below the kernel, the kernel below the resources', () => {
    const kernel = { 'server/http/answers.ts': 'export const answer = 1\n' }
    expect(
      check({ ...kernel, 'server/db/pool.ts': "import { answer } from '../http/answers'\n" }),
    ).toEqual([expect.stringContaining('server platform → server kernel: server/db/pool.ts')])
    expect(
      check({
        'server/auth/login.ts': 'export const login = 1\n',
        'server/http/gate.ts': "import { login } from '../auth/login'\n",
      }),
    ).toEqual([expect.stringContaining('server kernel → server resource: server/http/gate.ts')])
  })

  it('lets a resource read another resource’s store, never its handlers', () => {
    const problems = check({
      'server/service-requests/request-store.ts': 'export const store = 1\n',
      'server/service-requests/my-requests.ts': 'export const handler = 1\n',
      'server/admin/admin-lists.ts': "import { store } from '../service-requests/request-store'\n",
      'server/admin/admin-handlers.ts':
        "import { handler } from '../service-requests/my-requests'\n",
    })
    expect(problems).toEqual([
      expect.stringContaining('server resource → server resource: server/admin/admin-handlers.ts'),
    ])
  })

  it('fails a contract file without its server folder, and a resource folder without its contract', () => {
    expect(
      check({
        ...domain,
        'domain/api/files-endpoints.ts': 'export const filesEndpoints = {}\n',
        'server/files/files-routes.ts': 'export {}\n',
      }),
    ).toEqual([])
    const problems = check({
      ...domain,
      'domain/api/workspace-endpoints.ts': 'export const workspaceEndpoints = {}\n',
      'domain/api/proposals-endpoints.ts': 'export const proposalsEndpoints = {}\n',
      'server/proposals/proposal-routes.ts': 'export {}\n',
      'server/messages/messages-routes.ts': 'export {}\n',
    })
    expect(problems.map((problem) => problem.split('\n')[0]).sort()).toEqual([
      'contract without its resource: domain/api/workspace-endpoints.ts has no server/workspace/',
      'resource without its contract: server/messages/ has no domain/api/messages-endpoints.ts',
      'resource without its routes: server/proposals/proposals-routes.ts is missing',
    ])
  })
})
