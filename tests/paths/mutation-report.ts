import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MutantVerdict } from './mutant-runner'

/**
 * The mutation score per machine (`npm run test:paths -- --mutate`): what the terminal prints,
 * `coverage/machines/mutation.json` (every machine measured so far, each with the date of its
 * last run: a run of one machine keeps the others) and the "Mutation score" section of
 * `coverage/machines/index.html`. Score: killed / (mutants − equivalent ones).
 */
export type MachineMutation = {
  readonly machine: string
  /** The day it was measured (YYYY-MM-DD, UTC). */
  readonly date: string
  readonly mutants: number
  readonly killed: number
  readonly survived: number
  readonly equivalent: number
  readonly notInjected: number
  /** Percent, one decimal; 100 when every mutant is equivalent. */
  readonly score: number
  readonly verdicts: readonly MutantVerdict[]
}

export type MutationReport = { readonly machines: Readonly<Record<string, MachineMutation>> }

/** Where the mutation scores are kept: beside the HTML report in `dir`. */
export const mutationReportFile = (dir: string) => join(dir, 'mutation.json')

/** The stored scores, if a mutation run wrote any. */
export function readMutationReport(dir: string): MutationReport | undefined {
  const file = mutationReportFile(dir)
  if (!existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as MutationReport
}

export function machineMutation(
  machine: string,
  verdicts: readonly MutantVerdict[],
  date: string,
): MachineMutation {
  const count = (status: MutantVerdict['status']) =>
    verdicts.filter((verdict) => verdict.status === status).length
  const killed = count('killed')
  const equivalent = count('equivalent')
  const scored = verdicts.length - equivalent
  return {
    machine,
    date,
    mutants: verdicts.length,
    killed,
    survived: count('survived'),
    equivalent,
    notInjected: count('not-injected'),
    score: scored ? Math.floor((killed / scored) * 1000) / 10 : 100,
    verdicts,
  }
}

/** The stored report with this run's machines replacing their earlier measurements. */
export function mergeMutationReport(
  stored: MutationReport | undefined,
  measured: readonly MachineMutation[],
): MutationReport {
  const machines = { ...(stored?.machines ?? {}) }
  for (const machine of measured) machines[machine.machine] = machine
  return { machines }
}

/** One line per machine, then each mutant that was not killed, with why. */
export function mutationSummary(measured: readonly MachineMutation[]): string {
  const lines = ['', 'Mutation score (killed / non-equivalent mutants) per machine']
  for (const machine of [...measured].sort((a, b) => a.machine.localeCompare(b.machine))) {
    const byKind = (['step check', 'DOM assertion', 'hang'] as const)
      .map((kind) => [kind, machine.verdicts.filter((v) => v.killedBy === kind).length] as const)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} by ${kind}`)
      .join(', ')
    lines.push(
      '',
      `  ${machine.machine}: ${machine.score}% — ${machine.mutants} mutants, ${machine.killed} killed${byKind ? ` (${byKind})` : ''}, ${machine.survived} survived, ${machine.equivalent} equivalent${machine.notInjected ? `, ${machine.notInjected} NOT INJECTED` : ''}`,
    )
    for (const verdict of machine.verdicts.filter((v) => v.status !== 'killed'))
      lines.push(
        `    ${verdict.status === 'equivalent' ? 'equivalent' : verdict.status === 'survived' ? 'SURVIVED' : 'NOT INJECTED'}: ${verdict.id} (${verdict.description}) — ${verdict.reason ?? ''}`,
      )
  }
  return lines.join('\n')
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const start = '<!-- mutation -->'
const end = '<!-- /mutation -->'

/** The "Mutation score" section of the report page. */
export function mutationSectionHtml(report: MutationReport): string {
  const machines = Object.values(report.machines).sort((a, b) => a.machine.localeCompare(b.machine))
  const rows = machines.map(
    (m) =>
      `<tr><th scope="row">${escapeHtml(m.machine)}</th><td>${m.score}%</td><td>${m.mutants}</td><td>${m.killed}</td><td>${m.survived}</td><td>${m.equivalent}</td><td>${m.date}</td></tr>`,
  )
  const details = machines.map((m) => {
    const items = m.verdicts.map(
      (v) =>
        `<li data-status="${v.status}"><code>${escapeHtml(v.id)}</code> ${escapeHtml(v.description)}: <strong>${v.status}</strong>${v.killedBy ? ` by ${v.killedBy} on <q>${escapeHtml(v.path ?? '')}</q>` : ''}${v.reason ? ` — ${escapeHtml(v.reason)}` : ''}</li>`,
    )
    return `<details><summary>${escapeHtml(m.machine)}: every mutant</summary><ul>${items.join('')}</ul></details>`
  })
  return `${start}
<section class="mutation" id="mutation" aria-labelledby="mutation-title">
<h2 id="mutation-title">Mutation score</h2>
<p>Each mutant drops a transition, sends it to a sibling state, inverts a guard or skips an action; the component runs it along the machine's generated paths. Score: killed / (mutants − equivalent).</p>
<table class="mutation-scores"><thead><tr><th scope="col">Machine</th><th scope="col">Score</th><th scope="col">Mutants</th><th scope="col">Killed</th><th scope="col">Survived</th><th scope="col">Equivalent</th><th scope="col">Measured</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${details.join('\n')}
</section>
${end}`
}

/** `html` (the report page) with its mutation section replaced by, or given, `section`. */
export function withMutationSection(html: string, section: string): string {
  const from = html.indexOf(start)
  const to = html.indexOf(end)
  if (from >= 0 && to > from) return html.slice(0, from) + section + html.slice(to + end.length)
  return html.includes('</main>')
    ? html.replace('</main>', `${section}\n</main>`)
    : `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Machine path tests</title>\n</head>\n<body>\n<main>\n<h1>Machine path tests</h1>\n${section}\n</main>\n</body>\n</html>\n`
}
