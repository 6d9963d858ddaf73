// `npm run bench -- --compare <static-dir>`: our server beside a static peer site served like a
// CDN (scripts/bench-static-server.mjs), Lighthouse 12 mobile on both home pages in alternating
// order (ours first in one round, the peer first in the next), so that a busy machine slows
// both alike; then our other key pages. Both throttling methods: Lighthouse's simulation and
// DevTools' real throttling. Prints medians, the ratio ours/peer for LCP and FCP paired per
// round, and the bundle report of our pages.
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
  measure,
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

/** Column-wise medians of a list of figures. */
function medians(all) {
  return Object.fromEntries(columns.map(([key]) => [key, median(all.map((f) => f[key]))]))
}

export async function compareWithPeer({ ourBaseURL, peerDir, pages, buildDir, rounds, save }) {
  const peer = await startStaticServer(peerDir)
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  const clientDir = join(buildDir, 'client')
  // runs[method][site] = figures per round; site 'peer /' or our page path.
  const runs = Object.fromEntries(methods.map((method) => [method, {}]))
  const scripts = {}
  const lostPoints = {}
  const record = (method, site, lhr, dir) => {
    const figures = figuresOf(lhr, dir)
    runs[method][site] ??= []
    runs[method][site].push(figures)
    process.stderr.write(`${method} ${site}: ${JSON.stringify(figures)}\n`)
  }
  try {
    for (const method of methods) {
      // Our other pages are measured with the simulation only (the acceptance figures); the
      // home pages with both methods.
      const others = method === 'simulate' ? pages.filter((path) => path !== '/') : []
      for (let round = 0; round < rounds; round++) {
        const pair = [
          async () =>
            record(
              method,
              'peer /',
              await measure(chrome.port, `${peer.baseURL}/`, { throttlingMethod: method }),
            ),
          async () => {
            const lhr = await measure(chrome.port, `${ourBaseURL}/`, { throttlingMethod: method })
            record(method, '/', lhr, clientDir)
            scripts['/'] ??= scriptPaths(lhr)
            lostPoints['/'] ??= failedAudits(lhr)
          },
        ]
        if (round % 2 === 1) pair.reverse()
        for (const run of pair) await run()
        for (const path of others) {
          const lhr = await measure(chrome.port, `${ourBaseURL}${path}`, {
            throttlingMethod: method,
          })
          record(method, path, lhr, clientDir)
          scripts[path] ??= scriptPaths(lhr)
          lostPoints[path] ??= failedAudits(lhr)
        }
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
    const rows = [['page', ...columns.map(([, label]) => label)]]
    const table = {}
    for (const [site, all] of Object.entries(sites)) {
      table[site] = medians(all)
      rows.push([site, ...columns.map(([key]) => table[site][key])])
    }
    // Paired per round: round r's home page against round r's peer home page.
    const paired = (key) =>
      ratio(median(sites['/'].map((ours, i) => ours[key] / sites['peer /'][i][key])), 1)
    const ratios = { lcp: paired('lcpMs'), fcp: paired('fcpMs') }
    summary.methods[method] = { medians: table, ratios, runs: sites }
    const label = method === 'simulate' ? 'simulated throttling' : 'DevTools throttling'
    console.log(
      `\nLighthouse ${version} mobile, ${label}, medians of ${rounds} alternating rounds ` +
        `(kB = 1000 bytes; JS kB as transferred with headers, JS br body from our build):`,
    )
    printRows(rows)
    console.log(
      `ours/peer, home page, median of per-round ratios: LCP ${ratios.lcp}×, FCP ${ratios.fcp}× ` +
        `(ratio of medians: LCP ${ratio(table['/'].lcpMs, table['peer /'].lcpMs)}×, ` +
        `FCP ${ratio(table['/'].fcpMs, table['peer /'].fcpMs)}×)`,
    )
  }
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
