import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import type { MutantVerdict } from './mutant-runner'
import {
  machineMutation,
  mergeMutationReport,
  mutationReportFile,
  mutationSectionHtml,
  mutationSummary,
  readMutationReport,
  withMutationSection,
} from './mutation-report'
import { coverageReportDir } from './paths-reporter'

/**
 * `npm run test:paths -- --mutate`'s report: reads each mutant's verdict (`task.meta.mutant`,
 * tests/paths/mutant-runner.ts), prints the score per machine and every mutant not killed
 * with why, and writes the scores into coverage/machines/mutation.json and the HTML report.
 */
export default class MutationReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const byMachine = new Map<string, MutantVerdict[]>()
    for (const module of testModules)
      for (const test of module.children.allTests()) {
        const verdict = test.meta().mutant
        if (!verdict) continue
        byMachine.set(verdict.machine, [...(byMachine.get(verdict.machine) ?? []), verdict])
      }
    if (byMachine.size === 0) {
      process.stdout.write(
        '\nNo mutant ran (is the machine name right? --machine takes the name the report uses).\n',
      )
      return
    }
    const date = new Date().toISOString().slice(0, 10)
    const measured = [...byMachine].map(([machine, verdicts]) =>
      machineMutation(machine, verdicts, date),
    )
    const report = mergeMutationReport(readMutationReport(coverageReportDir), measured)
    mkdirSync(coverageReportDir, { recursive: true })
    writeFileSync(mutationReportFile(coverageReportDir), `${JSON.stringify(report, null, 2)}\n`)
    const page = join(coverageReportDir, 'index.html')
    const html = existsSync(page) ? readFileSync(page, 'utf8') : ''
    writeFileSync(page, withMutationSection(html, mutationSectionHtml(report)))
    process.stdout.write(
      `${mutationSummary(measured)}\n\nScores of every machine measured so far: ${mutationReportFile(coverageReportDir)} and ${page}\n\n`,
    )
  }
}
