// Prints "N passed, N failed, N skipped" from Vitest JSON reports (the CI reads this line).
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = false
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing = true
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that fails to load has no tests but is a failure all the same.
  failed += (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
  ).length
}
if (missing) failed += 1
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
