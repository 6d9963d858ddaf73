import type { EdgeKind, MachineEdge } from './machine-edges'
import type { CoverageItem } from './move-coverage'

/**
 * `coverage/machines/index.html`, written by `npm run test:paths` (jsdom or --browser): each
 * machine's chart (scripts/machine-chart, the inspector's drawing) with every transition
 * coloured taken / not taken / unreachable, the counts per kind, and, for each transition,
 * the paths that took it (click an arrow, or use the table under the chart). One file with
 * its SVG, CSS and script inline and no external address: it opens straight from disk.
 */
export type MachineCoverage = {
  readonly machine: string
  readonly edges: readonly MachineEdge[]
  readonly unreachable: readonly MachineEdge[]
  readonly paths: readonly {
    readonly title: string
    readonly passed: boolean
    readonly edgeIds: readonly string[]
    /** A shortest path (default), a random walk or a replay. */
    readonly kind?: 'shortest' | 'walk' | 'replay'
    /** The states it went through (walks). */
    readonly states?: readonly string[]
    /** The command that runs it again (failed paths). */
    readonly replay?: string
  }[]
  /** The chart's SVG (machineChart with refusals), absent when the coverage test never ran. */
  readonly chart?: string
  /** Every state of the machine, as dotted paths. */
  readonly states?: readonly string[]
  /** Each guard's yes and no, those no planned path shows, every possible transition pair. */
  readonly guardOutcomes?: readonly CoverageItem[]
  readonly unreachableGuardOutcomes?: readonly CoverageItem[]
  readonly pairs?: readonly CoverageItem[]
}

/** What passing runs showed: guard outcomes (of the reachable ones) and transition pairs. */
export type MoveCounts = {
  readonly outcomes: number
  readonly outcomesSeen: number
  readonly reachableOutcomes: number
  readonly reachableSeen: number
  /** Reachable guard outcomes no passing run showed. */
  readonly missing: readonly CoverageItem[]
  /** Outcomes no planned path shows. */
  readonly unreachable: readonly CoverageItem[]
  readonly pairs: number
  readonly pairsTaken: number
  readonly pairsNotTaken: readonly CoverageItem[]
}

export function moveCounts(report: MachineCoverage): MoveCounts {
  const seen = new Set(report.paths.filter((path) => path.passed).flatMap((p) => p.edgeIds))
  const outcomes = report.guardOutcomes ?? []
  const unreachable = report.unreachableGuardOutcomes ?? []
  const unreachableIds = new Set(unreachable.map((outcome) => outcome.id))
  const reachable = outcomes.filter((outcome) => !unreachableIds.has(outcome.id))
  const pairs = report.pairs ?? []
  return {
    outcomes: outcomes.length,
    outcomesSeen: outcomes.filter((outcome) => seen.has(outcome.id)).length,
    reachableOutcomes: reachable.length,
    reachableSeen: reachable.filter((outcome) => seen.has(outcome.id)).length,
    missing: reachable.filter((outcome) => !seen.has(outcome.id)),
    unreachable,
    pairs: pairs.length,
    pairsTaken: pairs.filter((pair) => seen.has(pair.id)).length,
    pairsNotTaken: pairs.filter((pair) => !seen.has(pair.id)),
  }
}

const percent = (part: number, whole: number) =>
  whole ? `${Math.floor((part / whole) * 100)} %` : '—'

/**
 * The guards' and pairs' line: "guard outcomes 14/16 seen (100 % of the 14 reachable);
 * transition pairs 40/95 taken (42 %)"; empty when the coverage test did not say.
 */
export function movesSummary(report: MachineCoverage): string {
  if (!report.guardOutcomes) return ''
  const counts = moveCounts(report)
  const guards = counts.outcomes
    ? `guard outcomes ${counts.outcomesSeen}/${counts.outcomes} seen (${percent(counts.reachableSeen, counts.reachableOutcomes)} of the ${counts.reachableOutcomes} reachable)`
    : 'no guards'
  return `${guards}; transition pairs ${counts.pairsTaken}/${counts.pairs} taken (${percent(counts.pairsTaken, counts.pairs)})`
}

/**
 * What the random walks of a machine did, in one line (empty when none ran): how many, how
 * many failed, the states the passing ones visited out of all, and those none visited.
 */
export function walkSummary(report: MachineCoverage): string {
  const walks = report.paths.filter((path) => path.kind === 'walk')
  if (!walks.length) return ''
  const failed = walks.filter((path) => !path.passed).length
  const visited = new Set(walks.filter((path) => path.passed).flatMap((path) => path.states ?? []))
  const states = report.states ?? []
  const missed = states.filter((state) => !visited.has(state))
  const taken = new Set(walks.filter((path) => path.passed).flatMap((path) => path.edgeIds))
  const edges = new Set(report.edges.filter((edge) => taken.has(edge.id)).map((edge) => edge.id))
  return `walks: ${walks.length}${failed ? `, ${failed} FAILED` : ''}; states visited ${states.filter((state) => visited.has(state)).length}/${states.length}${missed.length ? ` (not visited: ${missed.join(', ')})` : ''}; transitions taken by walks ${edges.size}/${report.edges.length}`
}

export type TransitionStatus = 'taken' | 'not-taken' | 'unreachable'

const kinds: readonly EdgeKind[] = ['event', 'delayed', 'eventless', 'initial', 'refused']

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Taken on a passing path, unreachable by the plan, or neither. */
export function transitionStatuses(report: MachineCoverage): Map<string, TransitionStatus> {
  const taken = new Set(report.paths.filter((path) => path.passed).flatMap((p) => p.edgeIds))
  const unreachable = new Set(report.unreachable.map((edge) => edge.id))
  return new Map(
    report.edges.map((edge) => [
      edge.id,
      taken.has(edge.id) ? 'taken' : unreachable.has(edge.id) ? 'unreachable' : 'not-taken',
    ]),
  )
}

/**
 * Marks each arrow of the chart with its status and makes it a focusable button, named by its
 * tooltip (which then starts with the status); the chart becomes a group of buttons.
 */
function markedChart(chart: string, statuses: ReadonlyMap<string, TransitionStatus>): string {
  return chart
    .replace(/ role="img" aria-label="/, ' role="group" aria-label="')
    .replace(
      /<g class="transition([^"]*)" data-transition="([^"]*)"([^>]*)><title>/g,
      (_, rest, id, attributes) => {
        const plain = String(id).replace(/&#(\d+);/g, (_m, code) =>
          String.fromCharCode(Number(code)),
        )
        const status = statuses.get(plain) ?? 'not-taken'
        return `<g class="transition${rest}" data-transition="${id}"${attributes} data-status="${status}" tabindex="0" role="button"><title>${status.replace('-', ' ')}: `
      },
    )
}

function countsRow(report: MachineCoverage, statuses: ReadonlyMap<string, TransitionStatus>) {
  const cells = kinds.map((kind) => {
    const ofKind = report.edges.filter((edge) => edge.kind === kind)
    const count = (status: TransitionStatus) =>
      ofKind.filter((edge) => statuses.get(edge.id) === status).length
    return `<td>${count('taken')} / ${count('not-taken')} / ${count('unreachable')}</td>`
  })
  return `<table class="counts"><caption>Transitions by kind: taken / not taken / unreachable</caption><thead><tr>${kinds.map((kind) => `<th scope="col">${kind}</th>`).join('')}</tr></thead><tbody><tr>${cells.join('')}</tr></tbody></table>`
}

function transitionsTable(
  report: MachineCoverage,
  statuses: ReadonlyMap<string, TransitionStatus>,
) {
  const rows = report.edges.map((edge) => {
    const paths = report.paths.filter((path) => path.edgeIds.includes(edge.id))
    const list = paths.length
      ? `<ul>${paths.map((path) => `<li>${path.passed ? '✓' : '✗ (failed)'} ${escapeHtml(path.title)}${path.replay ? ` <code>${escapeHtml(path.replay)}</code>` : ''}</li>`).join('')}</ul>`
      : 'none'
    return `<tr data-row="${escapeHtml(edge.id)}" data-status="${statuses.get(edge.id)}"><td>${escapeHtml(edge.label)}</td><td>${edge.kind}</td><td class="status">${statuses.get(edge.id)}</td><td>${list}</td></tr>`
  })
  return `<table class="transitions"><caption>Every transition and the paths that took it</caption><thead><tr><th scope="col">Transition</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Paths</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** The guards' and pairs' line, and what they miss. */
function movesSection(report: MachineCoverage): string {
  const summary = movesSummary(report)
  if (!summary) return ''
  const counts = moveCounts(report)
  const list = (title: string, items: readonly CoverageItem[], open = false) =>
    items.length
      ? `<details${open ? ' open' : ''}><summary>${escapeHtml(title)} (${items.length})</summary><ul>${items.map((item) => `<li>${escapeHtml(item.label)}</li>`).join('')}</ul></details>`
      : ''
  return [
    `<p class="moves">${escapeHtml(summary)}.</p>`,
    list('Reachable guard outcomes no passing run showed', counts.missing, true),
    list('Guard outcomes no planned path shows', counts.unreachable),
    list('Transition pairs not taken', counts.pairsNotTaken),
  ].join('')
}

/** The walks' line, and each failed path's replay command. */
function walksSection(report: MachineCoverage): string {
  const summary = walkSummary(report)
  const failed = report.paths.filter((path) => !path.passed && path.replay)
  return [
    summary ? `<p class="walks">${escapeHtml(summary)}.</p>` : '',
    failed.length
      ? `<details open><summary>Run a failing path again</summary><ul class="replays">${failed.map((path) => `<li>${escapeHtml(path.title)}<br><code>${escapeHtml(path.replay ?? '')}</code></li>`).join('')}</ul></details>`
      : '',
  ].join('')
}

function machineSection(report: MachineCoverage): string {
  const statuses = transitionStatuses(report)
  const count = (status: TransitionStatus) =>
    [...statuses.values()].filter((value) => value === status).length
  const failed = report.paths.filter((path) => !path.passed).length
  const id = `machine-${report.machine.replace(/[^A-Za-z0-9_-]/g, '_')}`
  return [
    `<section class="machine" id="${id}" aria-labelledby="${id}-title">`,
    `<h2 id="${id}-title">${escapeHtml(report.machine)}</h2>`,
    `<p class="summary">${count('taken')} taken, ${count('not-taken')} not taken, ${count('unreachable')} unreachable of ${report.edges.length} transitions; ${report.paths.length} paths${failed ? `, ${failed} failed` : ''}.</p>`,
    countsRow(report, statuses),
    movesSection(report),
    walksSection(report),
    report.chart
      ? `<div class="chart">${markedChart(report.chart, statuses)}</div>`
      : '<p>No chart: the coverage test of this machine did not run.</p>',
    `<div class="picked-paths" aria-live="polite"></div>`,
    `<details><summary>All transitions of ${escapeHtml(report.machine)}</summary>${transitionsTable(report, statuses)}</details>`,
    '</section>',
  ].join('\n')
}

const style = `
body{font:15px/1.45 system-ui,sans-serif;margin:1.5rem;color:#111;background:#fff}
.legend span{display:inline-block;margin-right:1rem}
.legend i{display:inline-block;width:1.6em;height:.3em;vertical-align:middle;margin-right:.3em}
.chart{overflow:auto;border:1px solid #ccc;padding:.5rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
.transitions ul{margin:0;padding-left:1rem}
.machine-chart .transition[data-status="taken"] path{stroke:#1a7f37;stroke-width:2}
.machine-chart .transition[data-status="not-taken"] path{stroke:#cf222e;stroke-width:3}
.machine-chart .transition[data-status="unreachable"] path{stroke:#6e7781;stroke-dasharray:3 3}
.machine-chart .transition[data-status="taken"] text{fill:#116329}
.machine-chart .transition[data-status="not-taken"] text{fill:#a40e26;font-weight:bold}
.machine-chart .transition[data-status="unreachable"] text{fill:#57606a;text-decoration:line-through}
.transition{cursor:pointer}.transition:focus{outline:2px solid #0b57d0}.transition:focus text,.transition.picked text{text-decoration:underline}
.machine-chart .transition.picked path{stroke-width:4}
tr[data-status="not-taken"] .status{color:#a40e26;font-weight:bold}
.picked-paths{min-height:1.5em}
`

// Clicking (or Enter/Space on) an arrow shows the paths that took it, from its table row.
const script = `
document.addEventListener('click', (event) => pick(event.target));
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' || event.key === ' ') { if (pick(event.target)) event.preventDefault(); }
});
function pick(target) {
  const arrow = target instanceof Element ? target.closest('.transition') : null;
  if (!arrow) return false;
  const section = arrow.closest('section');
  const id = arrow.getAttribute('data-transition');
  for (const other of section.querySelectorAll('.transition.picked')) other.classList.remove('picked');
  for (const same of section.querySelectorAll('.transition')) if (same.getAttribute('data-transition') === id) same.classList.add('picked');
  const row = [...section.querySelectorAll('tr[data-row]')].find((tr) => tr.getAttribute('data-row') === id);
  const out = section.querySelector('.picked-paths');
  out.replaceChildren();
  const title = document.createElement('p');
  title.textContent = row ? row.cells[0].textContent + ' (' + row.cells[2].textContent + ')' : id;
  out.append(title);
  if (row) out.append(row.cells[3].cloneNode(true).firstChild);
  return true;
}
`

/** The whole report page. */
export function coverageReportHtml(reports: readonly MachineCoverage[]): string {
  const sorted = [...reports].sort((a, b) => a.machine.localeCompare(b.machine))
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Machine transitions taken by the path tests</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Machine transitions taken by the path tests</h1>
<p class="legend"><span><i style="background:#1a7f37"></i>taken by a passing path</span><span><i style="background:#cf222e"></i>not taken</span><span><i style="background:#6e7781"></i>unreachable</span> Click an arrow (or focus it and press Enter) to list the paths that took it. ↻ rows are transitions that stay in their state; ✗ rows are the "no" side of a guard.</p>
<nav aria-label="Machines"><ul>${sorted.map((r) => `<li><a href="#machine-${r.machine.replace(/[^A-Za-z0-9_-]/g, '_')}">${escapeHtml(r.machine)}</a></li>`).join('')}</ul></nav>
${sorted.map(machineSection).join('\n')}
</main>
<script>${script}</script>
</body>
</html>
`
}
