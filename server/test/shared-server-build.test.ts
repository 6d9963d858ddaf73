import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sharedServerBuild } from './shared-server-build'

const root = resolve(import.meta.dirname, '../..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe("the run's shared server build", () => {
  it('is built once: every file that asks gets the same directory and the same bundle', async () => {
    const [first, second] = await Promise.all([sharedServerBuild(), sharedServerBuild()])
    expect(second).toBe(first)
    const bundle = join(first, 'server', 'main.js')
    expect(existsSync(bundle)).toBe(true)
    const builtAt = statSync(bundle).mtimeMs
    expect(await sharedServerBuild()).toBe(first)
    expect(statSync(bundle).mtimeMs).toBe(builtAt)
    // The first file to ask builds it: minutes on a loaded machine, as the other files' beforeAll allow.
  }, 300_000)

  it("is what the server tests run: none builds the current tree's server of its own", () => {
    // buildServer with a tree stays for another tree (a previous release's); without one it
    // would build the current tree again, which is the shared build's job.
    const ownBuilds = [...testFiles(join(root, 'server')), ...testFiles(join(root, 'scripts'))]
      .filter((file) => /\bbuildServer\(\s*\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(ownBuilds).toEqual([])
  })
})
