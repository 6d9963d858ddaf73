import { describe, expect, it } from 'vitest'
import type { MutantVerdict } from '../paths/mutant-runner'
import {
  machineMutation,
  mergeMutationReport,
  mutationSectionHtml,
  mutationSummary,
  withMutationSection,
} from '../paths/mutation-report'

const verdict = (id: string, status: MutantVerdict['status'], more: Partial<MutantVerdict> = {}) =>
  ({
    machine: 'menu',
    id,
    operator: 'drop',
    description: `${id} changed`,
    status,
    pathsRun: 1,
    ignored: 0,
    ...more,
  }) satisfies MutantVerdict

describe('the mutation report', () => {
  const measured = machineMutation(
    'menu',
    [
      verdict('menu:drop:a#0', 'killed', { killedBy: 'step check', path: 'start → a' }),
      verdict('menu:drop:b#0', 'killed', { killedBy: 'DOM assertion', path: 'start → b' }),
      verdict('menu:skip:c#0', 'equivalent', { reason: 'c is empty then' }),
      verdict('menu:skip:d#0', 'survived', { reason: 'not observable by the component' }),
    ],
    '2026-11-29',
  )

  it('scores killed out of the mutants that are not equivalent', () => {
    expect(measured).toMatchObject({ mutants: 4, killed: 2, survived: 1, equivalent: 1 })
    expect(measured.score).toBe(66.6)
    expect(machineMutation('none', [], '2026-11-29').score).toBe(100)
  })

  it('prints the score and every mutant not killed, with why', () => {
    const text = mutationSummary([measured])
    expect(text).toContain(
      'menu: 66.6% — 4 mutants, 2 killed (1 by step check, 1 by DOM assertion), 1 survived, 1 equivalent',
    )
    expect(text).toContain('SURVIVED: menu:skip:d#0 (menu:skip:d#0 changed) — not observable')
    expect(text).toContain('equivalent: menu:skip:c#0 (menu:skip:c#0 changed) — c is empty then')
    expect(text).not.toContain('menu:drop:a#0')
  })

  it('keeps the machines measured before, each with its date', () => {
    const older = machineMutation('theme', [], '2026-11-28')
    const merged = mergeMutationReport(mergeMutationReport(undefined, [older]), [measured])
    expect(Object.keys(merged.machines).sort()).toEqual(['menu', 'theme'])
    expect(merged.machines.theme?.date).toBe('2026-11-28')
  })

  it('puts one mutation section on the report page, replaced on the next run', () => {
    const page = '<html><body><main><h1>Paths</h1></main></body></html>'
    const once = withMutationSection(page, mutationSectionHtml({ machines: { menu: measured } }))
    expect(once).toContain('<h2 id="mutation-title">Mutation score</h2>')
    expect(once).toContain('<td>66.6%</td>')
    const again = withMutationSection(once, mutationSectionHtml({ machines: {} }))
    expect(again.match(/id="mutation-title"/g)).toHaveLength(1)
    expect(again).not.toContain('66.6%')
    expect(again).toContain('<h1>Paths</h1>')
  })
})
