// `npm run bench -- --compare <static-dir>`: our server beside a static peer site served like a
// CDN (scripts/bench-static-server.mjs), Lighthouse 12 mobile on both home pages in alternating
// order (ours first in one round, the peer first in the next), so that a busy machine slows
// both alike; then our other key pages. Both throttling methods: Lighthouse's simulation and
// DevTools' real throttling. Prints, per method, medians of every page (the four categories,
// FCP, LCP, TBT, CLS, JS), the ratio ours/peer for LCP and FCP paired per round, a Markdown
// table of the home pages side by side, and the bundle report of our pages. A round that
// Lighthouse cannot measure (NO_TTI and the like, after retries) is reported and left out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import { startStaticServer } from './bench-static-server.mjs'
import { bundleReport } from './bundle-report.mjs'
import {
  chromeFlags,
  failedAudits,
  figuresOf,
  measureOrReport,
  median,
  scriptPaths,
} from './lighthouse-run.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const methods = ['simulate', 'devtools']
const columns = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['bestPractices', 'best pr.'],
  ['seo', 'SEO'],
  ['fcpMs', 'FCP ms'],
  ['lcpMs', 'LCP ms'],
  ['tbtMs', 'TBT ms'],
  ['cls', 'CLS'],
  ['jsKb', 'JS kB'],
  ['jsBrKb', 'JS br body'],
]

const pad = (text, width) => String(text).padEnd(width)
const ratio = (a, b) => Number((a / b).toFixed(2))

function printRows(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)) + 2)
  for (const row of rows) console.log(row.map((cell, i) => pad(cell, widths[i])).join(''))
}

/** Column-wise medians of the rounds that were measured (a failed round is undefined). */
function medians(all) {
  const measured = all.filter((figures) => figures !== undefined)
  if (measured.length === 0) return undefined
  return Object.fromEntries(columns.map(([key]) => [key, median(measured.map((f) => f[key]))]))
}

/** Median over the rounds where both pages were measured of ours[key] / peer[key]. */
function pairedRatio(ours = [], peer = [], key) {
  const ratios = []
  for (let round = 0; round < ours.length; round++) {
    if (ours[round] && peer[round]) ratios.push(ours[round][key] / peer[round][key])
  }
  return ratios.length > 0 ? ratio(median(ratios), 1) : undefined
}

export async function compareWithPeer({ ourBaseURL, peerDir, pages, buildDir, rounds, save }) {
  const peer = await startStaticServer(peerDir)
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  const clientDir = join(buildDir, 'client')
  // runs[method][site][round] = figures, or undefined when Lighthouse failed that round;
  // site 'peer /' or our page path.
  const runs = Object.fromEntries(methods.map((method) => [method, {}]))
  const scripts = {}
  const lostPoints = {}
  const record = (method, site, round, lhr, dir) => {
    runs[method][site] ??= []
    const figures = lhr && figuresOf(lhr, dir)
    runs[method][site][round] = figures
    process.stderr.write(`${method} ${site} round ${round + 1}: ${JSON.stringify(figures)}\n`)
  }
  const ours = async (method, path, round) => {
    const lhr = await measureOrReport(chrome.port, `${ourBaseURL}${path}`, {
      throttlingMethod: method,
    })
    record(method, path, round, lhr, clientDir)
    if (lhr) {
      scripts[path] ??= scriptPaths(lhr)
      lostPoints[path] ??= failedAudits(lhr)
    }
  }
  try {
    for (const method of methods) {
      for (let round = 0; round < rounds; round++) {
        const pair = [
          async () =>
            record(
              method,
              'peer /',
              round,
              await measureOrReport(chrome.port, `${peer.baseURL}/`, { throttlingMethod: method }),
            ),
          () => ours(method, '/', round),
        ]
        if (round % 2 === 1) pair.reverse()
        for (const run of pair) await run()
        for (const path of pages.filter((page) => page !== '/')) await ours(method, path, round)
      }
    }
  } finally {
    await chrome.kill()
    await peer.close()
  }

  const version = JSON.parse(
    readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version
  const summary = {
    date: new Date().toISOString(),
    lighthouseVersion: version,
    rounds,
    peer: basename(peerDir),
    methods: {},
  }
  for (const method of methods) {
    const sites = runs[method]
    const rows = [['page', ...columns.map(([, label]) => label), 'rounds']]
    const table = {}
    for (const [site, all] of Object.entries(sites)) {
      table[site] = medians(all)
      const measured = all.filter((figures) => figures !== undefined).length
      rows.push([
        site,
        ...columns.map(([key]) => table[site]?.[key] ?? 'n/a'),
        `${measured}/${rounds}`,
      ])
    }
    // Paired per round: round r's home page against round r's peer home page.
    const ratios = {
      lcp: pairedRatio(sites['/'], sites['peer /'], 'lcpMs'),
      fcp: pairedRatio(sites['/'], sites['peer /'], 'fcpMs'),
    }
    summary.methods[method] = { medians: table, ratios, runs: sites }
    const label = method === 'simulate' ? 'simulated throttling' : 'DevTools throttling'
    console.log(
      `\nLighthouse ${version} mobile, ${label}, medians of ${rounds} alternating rounds ` +
        `(kB = 1000 bytes; JS kB as transferred with headers, JS br body from our build; ` +
        `rounds: how many Lighthouse could measure):`,
    )
    printRows(rows)
    const ofMedians = (key) =>
      table['/'] && table['peer /'] ? ratio(table['/'][key], table['peer /'][key]) : 'n/a'
    console.log(
      `ours/peer, home page, median of per-round ratios: LCP ${ratios.lcp ?? 'n/a'}×, ` +
        `FCP ${ratios.fcp ?? 'n/a'}× (ratio of medians: LCP ${ofMedians('lcpMs')}×, ` +
        `FCP ${ofMedians('fcpMs')}×)`,
    )
  }
  console.log(`\n${issueTable(summary)}`)
  console.log(`\n${bundleReport(buildDir, scripts)}`)
  for (const [path, failed] of Object.entries(lostPoints)) {
    if (failed.length > 0) console.log(`\n${path} loses points on:\n  ${failed.join('\n  ')}`)
  }
  if (save) {
    mkdirSync(dirname(save), { recursive: true })
    writeFileSync(save, `${JSON.stringify(summary, null, 2)}\n`)
    console.log(`\nSaved to ${save.slice(root.length)}`)
  }
  return summary
}

/** The home pages side by side as a Markdown table, both throttling methods. */
function issueTable(summary) {
  const lines = [
    `Home page, ours beside ${summary.peer} (Lighthouse ${summary.lighthouseVersion} mobile, medians of ${summary.rounds} rounds):`,
    '',
    '| throttling | site | perf | LCP | FCP | TBT | CLS | JS |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const [method, { medians: table, ratios }] of Object.entries(summary.methods)) {
    for (const [site, name] of [
      ['peer /', summary.peer],
      ['/', 'ours'],
    ]) {
      const f = table[site]
      lines.push(
        f
          ? `| ${method} | ${name} | ${f.performance} | ${f.lcpMs} ms | ${f.fcpMs} ms | ${f.tbtMs} ms | ${f.cls} | ${f.jsKb} kB |`
          : `| ${method} | ${name} | n/a | | | | | |`,
      )
    }
    lines.push(
      `| ${method} | ours/peer | | ${ratios.lcp ?? 'n/a'}× | ${ratios.fcp ?? 'n/a'}× | | | |`,
    )
  }
  return lines.join('\n')
}
