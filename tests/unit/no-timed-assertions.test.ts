import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm test` passes on any machine, idle or loaded: no test asserts how long something took or
// how much CPU it used (a figure that belongs to a benchmark: `npm run bench:…`). Tests wait on
// conditions, with deadlines. This reads every test file for a measurement of CPU time and for
// an elapsed time compared against a bound.

const root = join(import.meta.dirname, '../..')
const folders = ['domain', 'machines', 'src', 'server', 'scripts', 'tests']

/**
 * Where a promise is about time (a stop within its budget, a refusal before a timeout), the
 * tests prove what bounds it instead: the exit code a stop past its budget would change, the
 * logged reason a timeout would leave.
 */

/** CPU time, measured. */
const cpuTime = /process\.cpuUsage\(|process\.hrtime|performance\.timerify/
/** An elapsed time compared against an upper bound: `expect(Date.now() - t).toBeLessThan(…)`, `expect(ms).toBeLessThan(…)`. */
const elapsedBound =
  /expect\((?:[^()]*(?:Date\.now\(\)|performance\.now\(\))[^()]*|[\w.]*(?:ms|Ms|elapsed|Elapsed|duration|Duration))\)\.toBeLessThan(?:OrEqual)?\(/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the test suite', () => {
  // Not this file: its patterns would find themselves.
  const files = folders
    .flatMap((folder) => testFiles(join(root, folder)))
    .filter((file) => file !== import.meta.filename)

  it('has test files to read', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it('measures no CPU time', () => {
    const measuring = files
      .filter((file) => cpuTime.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(measuring).toEqual([])
  })

  it('bounds no elapsed time', () => {
    const bounding = files
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => elapsedBound.test(line)),
      )
      .map((file) => relative(root, file))
    expect(bounding).toEqual([])
  })
})
