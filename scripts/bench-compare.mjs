// The Lighthouse part of `npm run bench`: Lighthouse 12 mobile on our public pages and, with a
// signed-in session's cookies in the browser, on the pages a client and the agency use daily, in both throttling
// methods — Lighthouse's default simulation (what PageSpeed Insights shows) and DevTools' real
// throttling — over alternating rounds: each round runs both methods, in the opposite order to
// the round before, and the public pages in the opposite order, so that a busy machine weighs on
// every page and both methods alike. With `--compare <static-dir>`, a static peer site served
// like a CDN (scripts/bench-static-server.mjs) is measured beside our home page in every round
// (ours first in one round, the peer first in the next). Prints, per method, medians of every
// page (the four categories, FCP, LCP, TBT, CLS, JS), the performance score and TBT of every
// round, Lighthouse's benchmark index of the machine at each run, with a peer the ratio
// ours/peer for LCP and FCP paired per round and a Markdown table of every public page beside
// the peer's home page, per mode (BENCH_TARGET_INDEX adds a slowed mode: see `targetIndex`); then the
// bundle report of our pages. A round that Lighthouse cannot measure (NO_TTI and the like,
// after retries) is reported and left out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import puppeteer from 'puppeteer-core'
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
/**
 * BENCH_TARGET_INDEX=<index> (e.g. 1000): a third mode, `slowed`, each round after the other
 * two: Lighthouse's simulation with its CPU slowdown raised (or lowered) so that the machine it
 * simulates is the default one's on a host of that benchmark index. The default 4× assumes a
 * fast desktop host; Lighthouse's throttling guide scales the multiplier with the host's
 * benchmark index, so a run on a host of index I at 4 × I / target simulates the phone a host of
 * the target index would (I from the same page's simulated run of the round, else the median so
 * far). Reported as a mode of its own, with each run's multiplier.
 */
const targetIndex = Number(process.env.BENCH_TARGET_INDEX) || undefined
const allMethods = targetIndex ? [...methods, 'slowed'] : methods
const defaultMultiplier = 4
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
  ['requests', 'requests'],
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
  // Three decimals: the mean of two middle values would otherwise print as 107.80000000000001.
  return Object.fromEntries(
    columns.map(([key]) => [key, Number(median(measured.map((f) => f[key])).toFixed(3))]),
  )
}

/** Median over the rounds where both pages were measured of ours[key] / peer[key]. */
function pairedRatio(ours = [], peer = [], key) {
  const ratios = []
  for (let round = 0; round < ours.length; round++) {
    if (ours[round] && peer[round]) ratios.push(ours[round][key] / peer[round][key])
  }
  return ratios.length > 0 ? ratio(median(ratios), 1) : undefined
}

/** Performance below this in the default (simulated) mode fails the bench. */
export const publicFloor = 95

/**
 * Measures `pages` (public paths) and `signedIn` ({ label, path, headers }) on our server,
 * `rounds` alternating rounds in both methods, beside the static site in `peerDir` when given.
 * Answers the summary (saved to `save` when given) with `belowFloor`: the public pages whose
 * median performance in the simulated mode is below `publicFloor` or was never measured.
 */
export async function benchLighthouse({
  ourBaseURL,
  peerDir,
  pages,
  signedIn = [],
  buildDir,
  rounds,
  save,
}) {
  const peer = peerDir ? await startStaticServer(peerDir) : undefined
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  const clientDir = join(buildDir, 'client')
  // runs[method][site][round] = figures, or undefined when Lighthouse failed that round;
  // site 'peer /', a public path or a signed-in page's label.
  const runs = Object.fromEntries(allMethods.map((method) => [method, {}]))
  /** The measure options of `method` for `site` in `round` (the slowed mode's multiplier). */
  const optionsFor = (method, site, round) => {
    if (method !== 'slowed') return { throttlingMethod: method }
    const measured = Object.values(runs.simulate)
      .flat()
      .filter((figures) => figures !== undefined)
      .map((figures) => figures.benchmarkIndex)
    const index =
      runs.simulate[site]?.[round]?.benchmarkIndex ??
      (measured.length > 0 ? median(measured) : undefined)
    const multiplier =
      index === undefined
        ? defaultMultiplier
        : Math.max(1, Number(((defaultMultiplier * index) / targetIndex).toFixed(1)))
    return { throttlingMethod: 'simulate', cpuSlowdownMultiplier: multiplier }
  }
  const scripts = {}
  const lostPoints = {}
  // BENCH_REPORTS=<folder> keeps every report (long tasks, layout shifts, scripts: the why
  // behind a figure), one JSON file per page, method and round.
  const reportsDir = process.env.BENCH_REPORTS
  if (reportsDir) mkdirSync(reportsDir, { recursive: true })
  const record = (method, site, round, lhr, dir) => {
    if (reportsDir && lhr) {
      const name = `${site.replace(/[^a-z0-9]+/gi, '_')}-${method}-${round + 1}.json`
      writeFileSync(join(reportsDir, name), JSON.stringify(lhr))
    }
    runs[method][site] ??= Array(rounds).fill(undefined)
    const figures = lhr && figuresOf(lhr, dir)
    runs[method][site][round] = figures
    process.stderr.write(`${method} ${site} round ${round + 1}: ${JSON.stringify(figures)}\n`)
  }
  // A signed-in page runs with its session's cookies in the browser, as a visitor's would be:
  // the page's own script reads the XSRF cookie to send it back. Lighthouse keeps the browser's
  // cookies between runs, and a public page (the sign-in form asks for an XSRF token) leaves an
  // anonymous session's there: each signed-in run starts from none but its own (sent as a Cookie
  // header instead, beside the anonymous one, it made the server answer 401 and the page measured
  // was the sign-in page). A run that still ends on another page is reported and left out.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  // Every run of ours is a first visit, as Lighthouse's empty cache says: Lighthouse keeps the
  // origin's local storage between runs, and what a page stored there would turn the next run
  // into a return visit's (the language chosen on a Spanish page, without its cookie, made the
  // pre-paint script reload the page to restore the cookie; the typeface seen once is asked for
  // with the next page, while Lighthouse has emptied the cache it would come from).
  const clearStoredData = async () => {
    const [tab = await browser.newPage()] = await browser.pages()
    const tabSession = await tab.createCDPSession()
    await tabSession.send('Storage.clearDataForOrigin', {
      origin: new URL(ourBaseURL).origin,
      storageTypes: 'local_storage',
    })
    await tabSession.detach()
  }
  const startWithCookies = async (cookieHeader) => {
    const session = await browser.target().createCDPSession()
    await session.send('Storage.clearCookies')
    const cookies = cookieHeader
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=')
        const name = pair.slice(0, at)
        const value = pair.slice(at + 1)
        return { name, value, url: ourBaseURL, httpOnly: name !== 'XSRF-TOKEN', sameSite: 'Lax' }
      })
    if (cookies.length > 0) await session.send('Storage.setCookies', { cookies })
    await session.detach()
  }
  const ours = async (method, site, path, round, headers) => {
    await clearStoredData()
    if (headers) await startWithCookies(headers.Cookie ?? '')
    let lhr = await measureOrReport(chrome.port, `${ourBaseURL}${path}`, {
      ...optionsFor(method, site, round),
    })
    const landed = lhr && new URL(lhr.finalDisplayedUrl)
    if (landed && landed.pathname !== new URL(path, ourBaseURL).pathname) {
      process.stderr.write(`${site} (${method}): left out of this round: ended at ${landed}\n`)
      lhr = undefined
    }
    record(method, site, round, lhr, clientDir)
    if (lhr) {
      scripts[site] ??= scriptPaths(lhr)
      lostPoints[site] ??= failedAudits(lhr)
    }
  }
  const publicOnes = pages.filter((page) => page !== '/')
  try {
    for (let round = 0; round < rounds; round++) {
      const flip = round % 2 === 1
      const slowed = targetIndex ? ['slowed'] : []
      for (const method of [...(flip ? [...methods].reverse() : methods), ...slowed]) {
        const home = []
        if (pages.includes('/')) home.push(() => ours(method, '/', '/', round))
        if (peer) {
          home.push(async () =>
            record(
              method,
              'peer /',
              round,
              await measureOrReport(
                chrome.port,
                `${peer.baseURL}/`,
                optionsFor(method, 'peer /', round),
              ),
            ),
          )
        }
        if (flip) home.reverse()
        for (const run of home) await run()
        for (const path of flip ? [...publicOnes].reverse() : publicOnes) {
          await ours(method, path, path, round)
        }
        for (const page of signedIn) {
          await ours(method, page.label, page.path, round, page.headers)
        }
      }
    }
  } finally {
    await browser.disconnect()
    await chrome.kill()
    await peer?.close()
  }

  const version = JSON.parse(
    readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version
  const summary = {
    date: new Date().toISOString(),
    lighthouseVersion: version,
    rounds,
    ...(peerDir ? { peer: basename(peerDir) } : {}),
    methods: {},
    belowFloor: [],
  }
  const signedInLabels = new Set(signedIn.map((page) => page.label))
  for (const method of allMethods) {
    const sites = runs[method]
    const table = Object.fromEntries(
      Object.entries(sites).map(([site, all]) => [site, medians(all)]),
    )
    const ratios = peer
      ? {
          lcp: pairedRatio(sites['/'], sites['peer /'], 'lcpMs'),
          fcp: pairedRatio(sites['/'], sites['peer /'], 'fcpMs'),
        }
      : undefined
    summary.methods[method] = { medians: table, ...(ratios ? { ratios } : {}), runs: sites }
    const label =
      method === 'simulate'
        ? 'simulated throttling (the default)'
        : method === 'slowed'
          ? `simulated throttling, the CPU slowed for a host of benchmark index ${targetIndex} (4 × measured index / ${targetIndex})`
          : 'DevTools throttling'
    const lead = `\nLighthouse ${version} mobile, ${label}, medians of ${rounds} alternating round(s)`
    const notes =
      '(kB = 1000 bytes; JS kB as transferred with headers, JS br body from our build; ' +
      '"per round": round 1, 2, …; "bench index": Lighthouse\'s benchmark index of the machine ' +
      'at each run; rounds: how many Lighthouse could measure)'
    const publicSites = Object.keys(sites).filter((site) => !signedInLabels.has(site))
    console.log(`${lead}, public pages ${notes}:`)
    printRows(rowsOf(sites, table, publicSites, rounds, method))
    const signedInSites = Object.keys(sites).filter((site) => signedInLabels.has(site))
    if (signedInSites.length > 0) {
      console.log(`${lead}, signed-in pages (a session's cookies in the browser):`)
      printRows(rowsOf(sites, table, signedInSites, rounds, method))
    }
    const indexes = Object.values(sites)
      .flat()
      .filter((figures) => figures !== undefined)
      .map((figures) => figures.benchmarkIndex)
    if (indexes.length > 0) {
      console.log(
        `benchmark index over ${indexes.length} run(s): min ${Math.min(...indexes)}, ` +
          `median ${median(indexes)}, max ${Math.max(...indexes)}`,
      )
    }
    if (ratios) {
      const ofMedians = (key) =>
        table['/'] && table['peer /'] ? ratio(table['/'][key], table['peer /'][key]) : 'n/a'
      console.log(
        `ours/peer, home page, median of per-round ratios: LCP ${ratios.lcp ?? 'n/a'}×, ` +
          `FCP ${ratios.fcp ?? 'n/a'}× (ratio of medians: LCP ${ofMedians('lcpMs')}×, ` +
          `FCP ${ofMedians('fcpMs')}×)`,
      )
    }
  }
  for (const path of pages) {
    const score = summary.methods.simulate.medians[path]?.performance
    if (score === undefined || score < publicFloor) summary.belowFloor.push({ path, score })
  }
  if (peer) console.log(`\n${pagesTable(summary, pages)}`)
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

/** The printed rows of `sites`: medians, the scores and TBT per round, the benchmark index. */
function rowsOf(sites, table, names, rounds, method) {
  const perRound = (all, key) => all.map((figures) => figures?.[key] ?? '–').join(' ')
  const slowed = method === 'slowed'
  const rows = [
    [
      'page',
      ...columns.map(([, label]) => label),
      'perf per round',
      'TBT per round',
      'bench index per round',
      ...(slowed ? ['CPU × per round'] : []),
      'rounds',
    ],
  ]
  for (const site of names) {
    const all = sites[site]
    rows.push([
      site,
      ...columns.map(([key]) => table[site]?.[key] ?? 'n/a'),
      perRound(all, 'performance'),
      perRound(all, 'tbtMs'),
      perRound(all, 'benchmarkIndex'),
      ...(slowed ? [perRound(all, 'cpuMultiplier')] : []),
      `${all.filter((figures) => figures !== undefined).length}/${rounds}`,
    ])
  }
  return rows
}

/**
 * Every public page beside the peer's home page as a Markdown table, per mode: perf, TBT, LCP
 * and FCP (with their ratio to the peer's, of the medians), JS transferred, requests, how many
 * rounds scored 99 or more with at most 50 ms of TBT, and the benchmark index of each round
 * (with the CPU multiplier of each in the slowed mode).
 */
function pagesTable(summary, pages) {
  const lines = [
    `Public pages beside ${summary.peer}'s home page (Lighthouse ${summary.lighthouseVersion} mobile, medians of ${summary.rounds} rounds):`,
    '',
    '| mode | page | perf | TBT | LCP | FCP | LCP ×peer | FCP ×peer | JS transferred | requests | rounds at perf ≥ 99 and TBT ≤ 50 ms | bench index per round |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ]
  const perRound = (all = [], key) => all.map((figures) => figures?.[key] ?? '–').join(', ')
  // The goal a page is held to: a fast page in most rounds, not only in the median.
  const fastRounds = (all = []) =>
    `${all.filter((figures) => figures && figures.performance >= 99 && figures.tbtMs <= 50).length}/${all.length}`
  for (const [method, { medians: table, runs }] of Object.entries(summary.methods)) {
    const peer = table['peer /']
    for (const site of ['peer /', ...pages]) {
      const f = table[site]
      const name = site === 'peer /' ? `${summary.peer} /` : site
      const indexes =
        method === 'slowed'
          ? perRound(runs[site], 'benchmarkIndex')
              .split(', ')
              .map((index, round) => `${index} (${runs[site]?.[round]?.cpuMultiplier ?? '–'}×)`)
              .join(', ')
          : perRound(runs[site], 'benchmarkIndex')
      const times = (key) => (f && peer && site !== 'peer /' ? `${ratio(f[key], peer[key])}×` : '')
      lines.push(
        f
          ? `| ${method} | ${name} | ${f.performance} | ${f.tbtMs} ms | ${f.lcpMs} ms | ${f.fcpMs} ms | ${times('lcpMs')} | ${times('fcpMs')} | ${f.jsKb} kB | ${f.requests} | ${fastRounds(runs[site])} | ${indexes} |`
          : `| ${method} | ${name} | n/a | | | | | | | | | ${indexes} |`,
      )
    }
  }
  return lines.join('\n')
}
