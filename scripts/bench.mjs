// `npm run bench`: builds, starts the server (embedded PostgreSQL in a throw-away DATA_DIR) and
// prints:
// - Lighthouse 12 mobile (Moto G Power emulation, slow 4G) with Debian's Chromium, in both
//   throttling methods — the default simulation (what PageSpeed Insights shows) and DevTools'
//   real throttling — over BENCH_ROUNDS alternating rounds (default 3, 5 with --compare;
//   BENCH_RUNS is read when BENCH_ROUNDS is not set), scripts/bench-compare.mjs: the public
//   pages (home, the services listing, a service page in each language, about, contact,
//   register, login, privacy, our work and a case study) and, signed in
//   (scripts/bench-sessions.ts), a client's requests, one request with its messages, the
//   profile, and the admin inbox with 25 rows and with a filter: medians and every round's
//   score and TBT, JS bytes, requests, and Lighthouse's benchmark index of the machine at each
//   run; BENCH_TARGET_INDEX=1000 adds a slowed mode, the simulation's CPU slowdown set for a
//   host of that benchmark index (scripts/bench-compare.mjs);
//   BENCH_PAGES=/,/login,/admin… measures only the pages it names (`/admin`: both admin pages);
//   BENCH_REPORTS=<folder> keeps every Lighthouse report there (one JSON per page, mode, round);
// - interaction to next paint with a 6× slower CPU: the mega-menu, the language menu and the
//   slideshow, live and as the first interaction before the app loads (scripts/bench-inp.mjs;
//   BENCH_INP=0 leaves it out);
// - autocannon against the same server: static pages/s and p99 latency, and registrations/s
//   (scripts/bench-api.mjs), beside the previous run's figures (bench/results.json);
// - a bundle report: per page, each script it loaded (brotli bytes) and what is in it;
// - last, the admin inbox's lists (scripts/bench-admin.ts) at 100,000 rows each
//   (BENCH_ADMIN_ROWS), then at 1,000,000 (BENCH_ADMIN_LARGE_ROWS; 0 leaves it out): p50 / p95;
//   then a request's conversation and files (scripts/bench-workspace.ts): the first page of a
//   1,000-message thread among 100,000, 10 MB upload and download, memory under 20 downloads.
// Fails (exit code 1, a line per page saying so) when a public page's median performance in the
// default (simulated) mode is below 95, after printing everything.
// Options: --no-build (reuse BENCH_BUILD_DIR), --no-save (do not update bench/results.json),
// --lighthouse-only (the Lighthouse rounds and the bundle report, not the server benchmarks),
// --compare <static-dir>: our pages beside a static peer site's home page in every round, and a
// Markdown table of every public page beside it (results in bench/compare-results.json; with
// the interactions, without the server, bundle and admin parts).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { register } from 'tsx/esm/api'
import { benchLighthouse, publicFloor } from './bench-compare.mjs'
import { benchInteractions } from './bench-inp.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const args = new Set(argv)
// --compare <static-dir>: our pages beside a static peer site (scripts/bench-compare.mjs).
const compareDir = args.has('--compare') ? argv[argv.indexOf('--compare') + 1] : undefined
const lighthouseOnly = args.has('--lighthouse-only')
// BENCH_INP=0 leaves out the interactions (scripts/bench-inp.mjs).
const measureInteractions = process.env.BENCH_INP !== '0'
const rounds = Math.max(
  1,
  Number(process.env.BENCH_ROUNDS ?? process.env.BENCH_RUNS ?? (compareDir ? 5 : 3)),
)
const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || '.tmp/bench-build')
const resultsFile = join(root, 'bench/results.json')
const chosen = process.env.BENCH_PAGES?.split(',').map((page) => page.trim())
// A page is chosen by its path or label, or by the path before its label's note: `/admin`
// chooses both admin pages, `/my-services/<id>` the request's page.
const wanted = (label) =>
  !chosen || chosen.some((page) => label === page || label.startsWith(`${page} `))
// Every kind of public page: the home page, the services listing, a service page in each
// language, the company's pages, the forms, the privacy notice, our work and a case study of
// the seed's.
const pages = [
  '/',
  '/services',
  '/services/web-development',
  '/servicios/desarrollo-web',
  '/about',
  '/contact',
  '/register',
  '/login',
  '/privacy',
  '/work',
  '/work/cafe-altura-online-shop',
].filter(wanted)
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
      DATABASE_URL: '',
      SMTP_URL: '',
      // No load balancer to wait for: a SIGTERM stops at once.
      SHUTDOWN_DELAY_MS: '0',
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
  return { baseURL, dataDir, stop }
}

/** The signed-in pages BENCH_PAGES asks for, with their sessions (scripts/bench-sessions.ts). */
async function signedIn(baseURL, dataDir) {
  // The sessions are made with the server benchmarks' TypeScript helpers.
  register()
  const { signedInPages } = await import('./bench-sessions.ts')
  const all = await signedInPages(baseURL, dataDir)
  return all.filter((page) => wanted(page.label))
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
    ['tbtMs', 'TBT ms'],
    ['lcpMs', 'LCP ms'],
    ['cls', 'CLS'],
    ['jsBrKb', 'JS br body'],
  ]
  const keys = columns.map(([key]) => key)
  const rows = [['page', ...columns.map(([, label]) => label)]]
  for (const [path, now] of Object.entries(current.lighthouse)) {
    const before = previous?.lighthouse?.[path]
    rows.push([path, ...keys.map((key) => beside(now?.[key], before?.[key]))])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)) + 2)
  console.log('\nSimulated throttling, medians, beside the previous run:')
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
  let failed = []
  if (compareDir) {
    if (!existsSync(resolve(compareDir))) throw new Error(`--compare: no folder ${compareDir}`)
    const { baseURL, dataDir, stop } = await startServer()
    try {
      const summary = await benchLighthouse({
        ourBaseURL: baseURL,
        peerDir: resolve(compareDir),
        pages,
        signedIn: await signedIn(baseURL, dataDir),
        buildDir,
        rounds,
        save: args.has('--no-save') ? undefined : join(root, 'bench/compare-results.json'),
      })
      failed = summary.belowFloor
      if (measureInteractions) await benchInteractions({ baseURL, rounds })
    } finally {
      await stop()
    }
    failIfBelowFloor(failed)
    return
  }
  const previous = existsSync(resultsFile)
    ? JSON.parse(readFileSync(resultsFile, 'utf8'))
    : undefined
  const { baseURL, dataDir, stop } = await startServer()
  let current
  try {
    const summary = await benchLighthouse({
      ourBaseURL: baseURL,
      pages,
      signedIn: await signedIn(baseURL, dataDir),
      buildDir,
      rounds,
    })
    failed = summary.belowFloor
    current = {
      date: summary.date,
      lighthouseVersion: summary.lighthouseVersion,
      rounds,
      // The simulated medians, which the next run prints its own beside.
      lighthouse: summary.methods.simulate.medians,
      methods: summary.methods,
      server: lighthouseOnly ? {} : await serverFigures(baseURL),
      interactions: measureInteractions ? await benchInteractions({ baseURL, rounds }) : [],
    }
  } finally {
    await stop()
  }
  if (lighthouseOnly) {
    failIfBelowFloor(failed)
    return
  }
  printTable(current, previous)
  if (!args.has('--no-save')) {
    mkdirSync(join(root, 'bench'), { recursive: true })
    writeFileSync(resultsFile, `${JSON.stringify(current, null, 2)}\n`)
    console.log(`\nSaved to bench/results.json`)
  }
  // Last: the admin inbox's lists, on a server of their own (its seeding would otherwise weigh
  // on the figures above): at BENCH_ADMIN_ROWS (100,000 by default), then at a million.
  const largeRows = Number(process.env.BENCH_ADMIN_LARGE_ROWS ?? 1_000_000)
  for (const rows of [undefined, ...(largeRows > 0 ? [largeRows] : [])]) {
    const admin = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-admin.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        BENCH_BUILD_DIR: buildDir,
        ...(rows ? { BENCH_ADMIN_ROWS: String(rows) } : {}),
      },
    })
    if (admin.status !== 0) throw new Error('The admin benchmark failed')
  }
  // And a request's conversation and files (scripts/bench-workspace.ts), on a server of its own.
  const workspace = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-workspace.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_BUILD_DIR: buildDir },
  })
  if (workspace.status !== 0) throw new Error('The workspace benchmark failed')
  failIfBelowFloor(failed)
}

/** Says loudly which public pages are below the floor, and fails the run. */
function failIfBelowFloor(failed) {
  if (failed.length === 0) {
    console.log(
      `\nEvery public page scores ${publicFloor} or more in the default (simulated) mode (median).`,
    )
    return
  }
  console.error('')
  for (const { path, score } of failed) {
    console.error(
      score === undefined
        ? `BENCH FAILED: ${path} could not be measured in the default (simulated) mode`
        : `BENCH FAILED: ${path} scores ${score} in the default (simulated) mode, below ${publicFloor} (median of ${rounds} round(s))`,
    )
  }
  process.exitCode = 1
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
