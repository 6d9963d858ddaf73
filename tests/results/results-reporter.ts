import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSuite } from 'vitest/node'

/** What scripts/summarize-results.mjs reads. */
export type RunResults = {
  readonly passed: number
  readonly failed: number
  readonly skipped: number
  /** One line per failure that is not a failed test (hooks, files, unhandled errors). */
  readonly problems: readonly string[]
}

function firstLine(error: { readonly message?: string }): string {
  return (error.message ?? 'unknown error').split('\n')[0] ?? ''
}

/** The nearest enclosing suite or module whose own hooks or collection failed. */
function brokenScope(test: TestCase): TestSuite | TestModule | undefined {
  let scope: TestSuite | TestModule = test.parent
  for (;;) {
    if (scope.errors().length) return scope
    if (scope.type === 'module') return undefined
    scope = scope.parent
  }
}

/**
 * Counts a Vitest run honestly for the summary line: a test skipped because a `beforeAll` of
 * its suite threw (the browser would not start, a database could not be made) is a failed
 * test, not a skipped one; a file that failed without tests, an unhandled error and an
 * interrupted run each count as one failure. Writes RESULTS_FILE (default
 * .tmp/test-results.json).
 */
export default class ResultsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ readonly message?: string }>,
    reason: TestRunEndReason,
  ): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    const problems: string[] = []
    for (const module of testModules) {
      let failedHere = 0
      for (const test of module.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') passed += 1
        else if (state === 'failed') failedHere += 1
        else {
          const scope = brokenScope(test)
          if (scope) failedHere += 1
          else skipped += 1
        }
      }
      for (const scope of [module, ...module.children.allSuites()]) {
        for (const error of scope.errors())
          problems.push(`${module.relativeModuleId}: ${firstLine(error)}`)
      }
      // A file that failed to load, or failed in a hook with no test to blame.
      if (failedHere === 0 && module.state() === 'failed') failedHere = 1
      failed += failedHere
    }
    for (const error of unhandledErrors) problems.push(`unhandled error: ${firstLine(error)}`)
    failed += unhandledErrors.length
    if (reason === 'interrupted') {
      problems.push('the run was interrupted')
      failed += 1
    }
    const results: RunResults = { passed, failed, skipped, problems }
    const file = process.env.RESULTS_FILE || '.tmp/test-results.json'
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(results, null, 2))
  }
}
