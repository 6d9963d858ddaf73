// Prints "N passed, N failed, N skipped" (the CI reads this line) from the results files that
// tests/results/results-reporter.ts writes, and exits non-zero when anything failed.
//   node scripts/summarize-results.mjs [--failed-step NAME]... RESULTS.json...
// A results file that is missing (the run died before reporting) is a failure; so is each
// failed step (typecheck, lint), and a run in which no test passed at all.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const problems = []
const args = process.argv.slice(2)
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index]
  if (arg === '--failed-step') {
    index += 1
    const step = args[index]
    problems.push(`${step} failed`)
    failed += 1
    continue
  }
  if (!existsSync(arg)) {
    problems.push(`no results in ${arg}: the test run ended before reporting`)
    failed += 1
    continue
  }
  const results = JSON.parse(readFileSync(arg, 'utf8'))
  passed += results.passed ?? 0
  failed += results.failed ?? 0
  skipped += results.skipped ?? 0
  problems.push(...(results.problems ?? []))
}
if (passed === 0) {
  problems.push('no test passed: a run that tests nothing is not a success')
  failed += 1
}
for (const problem of problems) console.log(`  ✖ ${problem}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)
