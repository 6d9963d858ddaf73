import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, TestCase, TestModule } from 'vitest/node'
import {
  coverageReportHtml,
  type MachineCoverage,
  moveCounts,
  movesSummary,
  walkSummary,
} from './coverage-report'
import type { MachineEdge } from './machine-edges'
import type { CoverageItem } from './move-coverage'
import { mutationSectionHtml, readMutationReport, withMutationSection } from './mutation-report'

type MachineReport = {
  edges: readonly MachineEdge[]
  unreachable: readonly MachineEdge[]
  paths: MachineCoverage['paths'][number][]
  chart?: string
  states?: readonly string[]
  guardOutcomes?: readonly CoverageItem[]
  unreachableGuardOutcomes?: readonly CoverageItem[]
  pairs?: readonly CoverageItem[]
}

/** Where the HTML report goes (one file, opened straight from disk). */
export const coverageReportDir = join('coverage', 'machines')

/**
 * `npm run test:paths`'s summary: per machine, the transitions the running components' actors
 * took on PASSING generated paths, out of every transition of the machine (events, delayed,
 * eventless, initial, and the "no" side of guards), the unreachable ones by name, and every
 * path it ran. Reads the `task.meta` that tests/paths/machine-paths.ts attaches to each test.
 * The same, drawn on each machine's chart: coverage/machines/index.html (coverage-report.ts).
 */
export default class PathsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const machines = new Map<string, MachineReport>()
    const reportFor = (machine: string) => {
      const existing = machines.get(machine)
      if (existing) return existing
      const created: MachineReport = { edges: [], unreachable: [], paths: [] }
      machines.set(machine, created)
      return created
    }
    for (const module of testModules) {
      for (const test of module.children.allTests()) this.collect(test, reportFor)
    }
    const all = [...machines.values()].flatMap((report) => report.paths)
    const replays = all.filter((path) => path.kind === 'replay')
    if (replays.length && replays.length === all.length) {
      // A replay run (`--replay`): its outcome only; the coverage report is left as it was.
      const lines = ['', 'Replayed:']
      for (const path of replays) lines.push(`  ${path.passed ? '✓' : '✗'} ${path.title}`)
      process.stdout.write(`${lines.join('\n')}\n\n`)
      return
    }
    const lines = ['', 'Transitions taken by the running components (generated path tests)']
    let complete = machines.size > 0
    for (const [machine, report] of [...machines].sort(([a], [b]) => a.localeCompare(b))) {
      const taken = new Set(
        report.paths.filter((path) => path.passed).flatMap((path) => path.edgeIds),
      )
      const unreachable = new Set(report.unreachable.map((edge) => edge.id))
      const reachable = report.edges.filter((edge) => !unreachable.has(edge.id))
      const done = report.edges.filter((edge) => taken.has(edge.id))
      const doneReachable = reachable.filter((edge) => taken.has(edge.id))
      const percent = reachable.length
        ? Math.floor((doneReachable.length / reachable.length) * 100)
        : 0
      const failed = report.paths.filter((path) => !path.passed).length
      if (doneReachable.length !== reachable.length || reachable.length === 0 || failed)
        complete = false
      const kinds = ['event', 'delayed', 'eventless', 'initial', 'refused'] as const
      const byKind = kinds
        .map((kind) => {
          const all = report.edges.filter((edge) => edge.kind === kind)
          return all.length
            ? `${kind} ${all.filter((edge) => taken.has(edge.id)).length}/${all.length}`
            : ''
        })
        .filter(Boolean)
        .join(', ')
      lines.push(
        '',
        `  ${machine}: ${done.length}/${report.edges.length} transitions taken (${byKind}); ${percent}% of the ${reachable.length} reachable; ${report.paths.length} paths${failed ? `, ${failed} FAILED` : ''}`,
      )
      const moves = movesSummary({ machine, ...report })
      if (moves) lines.push(`    ${moves}`)
      const walks = walkSummary({ machine, ...report })
      if (walks) lines.push(`    ${walks}`)
      for (const edge of report.unreachable) lines.push(`    unreachable: ${edge.label}`)
      for (const edge of reachable.filter((e) => !taken.has(e.id)))
        lines.push(`    NOT TAKEN: ${edge.label}`)
      const counts = moveCounts({ machine, ...report })
      if (counts.missing.length) complete = false
      for (const outcome of counts.unreachable) lines.push(`    no path shows: ${outcome.label}`)
      for (const outcome of counts.missing) lines.push(`    NOT SEEN: ${outcome.label}`)
      for (const path of report.paths) lines.push(`    ${path.passed ? '✓' : '✗'} ${path.title}`)
    }
    if (machines.size === 0) lines.push('  (no generated path tests ran)')
    const failing = all.filter((path) => !path.passed && path.replay)
    if (failing.length) {
      lines.push('', 'Run a failing path again (the same events, the same clock):')
      for (const path of failing) lines.push(`  ${path.title}`, `    ${path.replay}`)
    }
    lines.push(
      '',
      complete
        ? 'Every reachable transition and guard outcome of every machine was taken by its running component.'
        : 'Some reachable transitions or guard outcomes were NOT taken by the running components.',
      '',
    )
    if (machines.size > 0) {
      mkdirSync(coverageReportDir, { recursive: true })
      const file = join(coverageReportDir, 'index.html')
      const html = coverageReportHtml(
        [...machines].map(([machine, report]) => ({ machine, ...report })),
      )
      // The mutation scores measured so far (`--mutate` runs) stay on the page.
      const mutation = readMutationReport(coverageReportDir)
      writeFileSync(
        file,
        mutation ? withMutationSection(html, mutationSectionHtml(mutation)) : html,
      )
      lines.push(`Charts of what was taken: ${file}`, '')
    }
    process.stdout.write(`${lines.join('\n')}\n`)
  }

  private collect(test: TestCase, reportFor: (machine: string) => MachineReport): void {
    const meta = test.meta()
    const passed = test.result().state === 'passed'
    if (meta.machinePath) {
      const { machine, title, edgeIds, kind, states, replay } = meta.machinePath
      reportFor(machine).paths.push({
        title,
        passed,
        edgeIds,
        kind: kind ?? 'shortest',
        ...(states ? { states } : {}),
        ...(replay ? { replay } : {}),
      })
    }
    if (meta.machineCoverage) {
      const report = reportFor(meta.machineCoverage.machine)
      report.edges = meta.machineCoverage.edges
      report.unreachable = meta.machineCoverage.unreachable
      report.chart = meta.machineCoverage.chart
      const { states, guardOutcomes, unreachableGuardOutcomes, pairs } = meta.machineCoverage
      if (states) report.states = states
      if (guardOutcomes) report.guardOutcomes = guardOutcomes
      if (unreachableGuardOutcomes) report.unreachableGuardOutcomes = unreachableGuardOutcomes
      if (pairs) report.pairs = pairs
    }
  }
}
