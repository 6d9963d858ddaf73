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

const domain = { 'src/domain/locales.ts': "export const locales = ['en', 'es'] as const\n" }

describe('the architecture check', () => {
  it('passes imports that follow the layers', () => {
    expect(
      check({
        ...domain,
        'machines/menu-machine.ts':
          "import { setup } from 'xstate'\nimport { locales } from '../src/domain/locales'\n",
        'src/features/menu/menu.tsx':
          "import '../../../machines/menu-machine'\nimport '../../domain/locales'\n",
        'src/shell/header.tsx': "import '../features/menu/menu'\n",
        'server/app.ts': "import { locales } from '../src/domain/locales'\n",
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
    expect(problems).toEqual([expect.stringContaining('server → feature: server/site.ts')])
  })

  it('fails a cycle', () => {
    const problems = check({
      'src/domain/a.ts': "import { b } from './b'\nexport const a = 1\n",
      'src/domain/b.ts': "import { a } from './a'\nexport const b = 2\n",
    })
    expect(problems).toEqual([
      expect.stringMatching(/^cycle: src\/domain\/(a|b)\.ts → src\/domain\/(a|b)\.ts/),
    ])
  })
})
