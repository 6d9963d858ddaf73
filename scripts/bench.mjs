// `npm run bench`: builds, starts the server (embedded PostgreSQL in a throw-away DATA_DIR) and
// prints, beside the previous run's figures (bench/results.json):
// - Lighthouse 12 mobile (its default: Moto G Power emulation, simulated slow 4G) with Debian's
//   Chromium for the key pages: the four category scores, LCP / TBT / CLS, JS and total bytes
//   (median of BENCH_RUNS runs, default 3);
// - autocannon against the same server: static pages/s and p99 latency, and registrations/s
//   when scripts/bench-api.mjs (the registration API's benchmark) is there.
// - a bundle report: per page, each script it loaded (brotli bytes) and what is in it;
// - last, the admin inbox's lists at 100,000 rows each (scripts/bench-admin.ts): p50 / p95;
//   then a request's conversation and files (scripts/bench-workspace.ts): the first page of a
//   1,000-message thread among 100,000, 10 MB upload and download, memory under 20 downloads.
// Options: --no-build (reuse BENCH_BUILD_DIR), --no-save (do not update bench/results.json),
// --compare <static-dir>: side by side with a static peer site (scripts/bench-compare.mjs,
// BENCH_ROUNDS rounds, default 5; results in bench/compare-results.json).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import { compareWithPeer } from './bench-compare.mjs'
import { bundleReport } from './bundle-report.mjs'
import {
  chromeFlags,
  failedAudits,
  figuresOf,
  measureOrReport,
  scriptPaths,
} from './lighthouse-run.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const args = new Set(argv)
// --compare <static-dir>: our pages beside a static peer site (scripts/bench-compare.mjs).
const compareDir = args.has('--compare') ? argv[argv.indexOf('--compare') + 1] : undefined
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || '.tmp/bench-build')
const resultsFile = join(root, 'bench/results.json')
const pages = ['/', '/services/web-development', '/servicios/desarrollo-web', '/register']
const staticTargets = ['/', '/services/web-development']

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-data-'))
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      // scripts/bench-api.mjs sends each registration from its own X-Forwarded-For address, so
      // the per-address rate limit stays in the measured path without refusing the load.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`)
    if (Date.now() > deadline) throw new Error('The server did not become healthy in 90 s')
    const ok = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 250))
  }
  const stop = async () => {
    server.kill('SIGTERM')
    await new Promise((done) => {
      if (server.exitCode !== null) done()
      else server.once('exit', done)
      setTimeout(done, 10_000).unref()
    })
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { baseURL, stop }
}

/** Per page, the run with the median performance score (its other figures come with it). */
async function lighthouseFigures(baseURL) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  const results = {}
  const failures = {}
  const scripts = {}
  try {
    for (const path of pages) {
      const all = []
      for (let run = 0; run < runs; run++) {
        // A run Lighthouse cannot measure is reported and left out, not the end of the bench.
        const lhr = await measureOrReport(chrome.port, `${baseURL}${path}`)
        if (!lhr) continue
        all.push(figuresOf(lhr, join(buildDir, 'client')))
        failures[path] ??= failedAudits(lhr)
        scripts[path] ??= scriptPaths(lhr)
      }
      if (all.length === 0) continue
      const middle = [...all.map((f) => f.performance)].sort((a, b) => a - b)[
        Math.floor((all.length - 1) / 2)
      ]
      results[path] = all.find((f) => f.performance === middle)
      process.stderr.write(`lighthouse ${path}: ${JSON.stringify(results[path])}\n`)
    }
  } finally {
    await chrome.kill()
  }
  return { results, failures, scripts }
}

function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ connections: 10, duration: 10, ...options }, (error, result) =>
      error ? fail(error) : done(result),
    )
  })
}

/** Pages/s as browsers ask for them (compressed); p99 latency in ms. */
async function serverFigures(baseURL) {
  const figures = {}
  for (const path of staticTargets) {
    const request = {
      url: `${baseURL}${path}`,
      headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' },
    }
    await cannon({ ...request, duration: 2 }) // warm-up: JIT, page cache
    const result = await cannon(request)
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
    }
    figures[`static ${path}`] = {
      perSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
    }
  }
  const apiBench = join(root, 'scripts/bench-api.mjs')
  if (existsSync(apiBench)) {
    const { benchRegistrations } = await import(pathToFileURL(apiBench).href)
    const result = await benchRegistrations({ baseURL })
    if (result.failures > 0) {
      throw new Error(`registrations: ${result.failures} answers were not 201 Created`)
    }
    figures.registrations = { perSecond: Math.round(result.perSecond), p99Ms: result.p99Ms }
  }
  return figures
}

const pad = (text, width) => String(text).padEnd(width)
const beside = (now, before) =>
  before === undefined || before === now ? `${now}` : `${now} (was ${before})`

function printTable(current, previous) {
  const columns = [
    ['performance', 'perf'],
    ['accessibility', 'a11y'],
    ['bestPractices', 'best pr.'],
    ['seo', 'SEO'],
    ['lcpMs', 'LCP ms'],
    ['tbtMs', 'TBT ms'],
    ['cls', 'CLS'],
    ['jsKb', 'JS kB'],
    ['jsBrKb', 'JS br body'],
    ['jsGzipKb', 'JS gzip'],
    ['totalKb', 'total kB'],
  ]
  const keys = columns.map(([key]) => key)
  const rows = [['page', ...columns.map(([, label]) => label)]]
  for (const [path, now] of Object.entries(current.lighthouse)) {
    const before = previous?.lighthouse?.[path]
    rows.push([path, ...keys.map((key) => beside(now[key], before?.[key]))])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)) + 2)
  console.log(
    `\nLighthouse ${current.lighthouseVersion} mobile, median of ${current.runs} run(s); kB = 1000 bytes, ` +
      'JS and total kB as Lighthouse saw them transferred (with headers); JS br body and gzip from the build’s files:',
  )
  for (const row of rows) console.log(row.map((cell, i) => pad(cell, widths[i])).join(''))

  const serverRows = [['server (autocannon, 10 connections, 10 s)', 'per second', 'p99 ms']]
  for (const [name, now] of Object.entries(current.server)) {
    const before = previous?.server?.[name]
    serverRows.push([
      name,
      beside(now.perSecond, before?.perSecond),
      beside(now.p99Ms, before?.p99Ms),
    ])
  }
  if (!current.server.registrations) {
    serverRows.push(['registrations', 'n/a: scripts/bench-api.mjs not found', ''])
  }
  const serverWidths = serverRows[0].map(
    (_, i) => Math.max(...serverRows.map((row) => String(row[i]).length)) + 2,
  )
  console.log('')
  for (const row of serverRows)
    console.log(row.map((cell, i) => pad(cell, serverWidths[i])).join(''))
  if (previous) console.log(`\n(was: figures of ${previous.date})`)
}

async function main() {
  if (!args.has('--no-build')) {
    mkdirSync(join(root, '.tmp'), { recursive: true })
    const build = spawnSync('node', ['scripts/build.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BUILD_DIR: buildDir },
    })
    if (build.status !== 0) throw new Error('The build failed')
  }
  if (compareDir) {
    if (!existsSync(resolve(compareDir))) throw new Error(`--compare: no folder ${compareDir}`)
    const { baseURL, stop } = await startServer()
    try {
      await compareWithPeer({
        ourBaseURL: baseURL,
        peerDir: resolve(compareDir),
        pages,
        buildDir,
        rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5)),
        save: args.has('--no-save') ? undefined : join(root, 'bench/compare-results.json'),
      })
    } finally {
      await stop()
    }
    return
  }
  const previous = existsSync(resultsFile)
    ? JSON.parse(readFileSync(resultsFile, 'utf8'))
    : undefined
  const { baseURL, stop } = await startServer()
  let current
  try {
    const { results, failures, scripts } = await lighthouseFigures(baseURL)
    current = {
      date: new Date().toISOString(),
      lighthouseVersion: JSON.parse(
        readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
      ).version,
      runs,
      lighthouse: results,
      lostPoints: failures,
      scripts,
      server: await serverFigures(baseURL),
    }
  } finally {
    await stop()
  }
  printTable(current, previous)
  console.log(`\n${bundleReport(buildDir, current.scripts)}`)
  for (const [path, failed] of Object.entries(current.lostPoints)) {
    if (failed.length > 0) console.log(`\n${path} loses points on:\n  ${failed.join('\n  ')}`)
  }
  if (!args.has('--no-save')) {
    mkdirSync(join(root, 'bench'), { recursive: true })
    writeFileSync(resultsFile, `${JSON.stringify(current, null, 2)}\n`)
    console.log(`\nSaved to bench/results.json`)
  }
  // Last: the admin inbox's lists at 100,000 rows each, on a server of their own (its seeding
  // would otherwise weigh on the figures above).
  const admin = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-admin.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_BUILD_DIR: buildDir },
  })
  if (admin.status !== 0) throw new Error('The admin benchmark failed')
  // And a request's conversation and files (scripts/bench-workspace.ts), on a server of its own.
  const workspace = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-workspace.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_BUILD_DIR: buildDir },
  })
  if (workspace.status !== 0) throw new Error('The workspace benchmark failed')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
