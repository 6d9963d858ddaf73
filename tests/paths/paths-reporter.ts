import type { Reporter, TestCase, TestModule } from 'vitest/node'
import type { MachineEdge } from './machine-paths'

type MachineReport = {
  edges: readonly MachineEdge[]
  paths: { title: string; passed: boolean; edgeIds: readonly string[] }[]
}

/**
 * `npm run test:paths`'s summary: per machine, the transitions covered by PASSING generated
 * paths out of all transitions of `toDirectedGraph(machine)`, and every path it ran.
 * Reads the `task.meta` that tests/paths/machine-paths.ts attaches to each test.
 */
export default class PathsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const machines = new Map<string, MachineReport>()
    const reportFor = (machine: string) => {
      const existing = machines.get(machine)
      if (existing) return existing
      const created: MachineReport = { edges: [], paths: [] }
      machines.set(machine, created)
      return created
    }
    for (const module of testModules) {
      for (const test of module.children.allTests()) this.collect(test, reportFor)
    }
    const lines = ['', 'Transition coverage of the generated path tests']
    let complete = machines.size > 0
    for (const [machine, report] of [...machines].sort(([a], [b]) => a.localeCompare(b))) {
      const covered = new Set(
        report.paths.filter((path) => path.passed).flatMap((path) => path.edgeIds),
      )
      const done = report.edges.filter((edge) => covered.has(edge.id))
      const percent = report.edges.length
        ? Math.floor((done.length / report.edges.length) * 100)
        : 0
      if (done.length !== report.edges.length || report.edges.length === 0) complete = false
      lines.push(
        '',
        `  ${machine}: ${done.length}/${report.edges.length} transitions covered (${percent}%) by ${report.paths.length} paths`,
      )
      for (const path of report.paths) lines.push(`    ${path.passed ? '✓' : '✗'} ${path.title}`)
      for (const edge of report.edges.filter((e) => !covered.has(e.id)))
        lines.push(`    uncovered: ${edge.label}`)
    }
    if (machines.size === 0) lines.push('  (no generated path tests ran)')
    lines.push(
      '',
      complete
        ? 'Every transition of every machine is covered.'
        : 'Some transitions are NOT covered.',
      '',
    )
    process.stdout.write(`${lines.join('\n')}\n`)
  }

  private collect(test: TestCase, reportFor: (machine: string) => MachineReport): void {
    const meta = test.meta()
    const passed = test.result().state === 'passed'
    if (meta.machinePath) {
      const { machine, title, edgeIds } = meta.machinePath
      reportFor(machine).paths.push({ title, passed, edgeIds })
    }
    if (meta.machineCoverage)
      reportFor(meta.machineCoverage.machine).edges = meta.machineCoverage.edges
  }
}
