import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogNames } from '../../domain/pages/page-facts'
import { readPo } from '../po-file'

/**
 * The committed catalogs are exactly what `npm run i18n:extract` makes of the code: a message
 * added, changed or removed in the code without re-extracting fails here. Lingui extracts into
 * a copy of `locales/` (so existing translations carry over), and the entries are compared —
 * not the bytes, since Lingui orders messages shared by several files differently per run.
 */
const root = resolve(import.meta.dirname, '../..')
mkdirSync(join(root, '.tmp'), { recursive: true })
const work = mkdtempSync(join(root, '.tmp', 'catalogs-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function extractInto(dir: string): void {
  cpSync(join(root, 'locales'), join(dir, 'locales'), { recursive: true })
  // The project's configuration, with the catalogs written into `dir` instead of `locales/`.
  writeFileSync(
    join(dir, 'lingui.config.ts'),
    `import config from '../../lingui.config'
export default {
  ...config,
  rootDir: ${JSON.stringify(root)},
  catalogs: config.catalogs?.map((catalog) => ({
    ...catalog,
    path: catalog.path.replace('<rootDir>/locales', ${JSON.stringify(join(dir, 'locales'))}),
  })),
}
`,
  )
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@lingui/cli/dist/lingui.js'),
      'extract',
      '--clean',
      '--overwrite',
      '--config',
      join(dir, 'lingui.config.ts'),
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (run.status !== 0) throw new Error(`lingui extract failed:\n${run.stdout}\n${run.stderr}`)
}

const entries = (path: string) =>
  readPo(path)
    .filter((entry) => !entry.obsolete)
    .map((entry) => `${entry.id} → ${entry.str}${entry.fuzzy ? ' (fuzzy)' : ''}`)
    .sort()

describe('the catalogs', () => {
  extractInto(work)

  // The pages' catalogs, and the server's (its answers and mails, which no page loads).
  for (const catalog of [...catalogNames, 'server']) {
    for (const locale of ['en', 'es']) {
      it(`locales/${locale}/${catalog}.po is what i18n:extract makes of the code`, () => {
        expect(entries(join(root, 'locales', locale, `${catalog}.po`))).toEqual(
          entries(join(work, 'locales', locale, `${catalog}.po`)),
        )
      })
    }
  }
})
