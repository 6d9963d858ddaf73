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
 * Files that still bound a wall-clock time, each with how many such lines it has: stopping and
 * recovering servers whose deadline is part of what they promise. The list only shrinks: a file
 * that loses one fails here until its count is lowered.
 */
const knownWallClockBounds: Record<string, number> = {
  'server/graceful-stop.test.ts': 1,
  'server/messages/live.test.ts': 1,
  'server/db/crash-recovery.test.ts': 1,
  // Two of these five bound configured timeouts, not measured times: the pattern can't tell.
  'server/db/fault-tolerance.test.ts': 5,
}

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

  it('bounds no elapsed time beyond the known wall-clock deadlines', () => {
    const counts: Record<string, number> = {}
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n')
      const bounded = lines.filter((line) => elapsedBound.test(line)).length
      if (bounded > 0) counts[relative(root, file)] = bounded
    }
    expect(counts).toEqual(knownWallClockBounds)
  })
})
