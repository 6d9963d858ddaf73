// Lighthouse helpers shared by `npm run bench` and its side-by-side mode: one measured run
// (retried when the trace fails), the figures the tables print, and the Chromium flags.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'

export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Size of the page's scripts from a build's precompressed files: `br` is the body Chromium
 * received (Lighthouse's transfer size adds the headers), `gz` what a gzip-only client gets.
 * Without a build folder (a peer site), the transferred size.
 */
function scriptBytes(lhr, clientDir, extension) {
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  let total = 0
  for (const request of requests) {
    if (request.resourceType !== 'Script') continue
    const file = clientDir && join(clientDir, `${new URL(request.url).pathname}.${extension}`)
    total += file && existsSync(file) ? statSync(file).size : request.transferSize
  }
  return total
}

/** The figures of one report; `clientDir` is our build's client folder (undefined for a peer). */
export function figuresOf(lhr, clientDir) {
  if (lhr.runtimeError) {
    throw new Error(
      `Lighthouse could not measure ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`,
    )
  }
  const metric = (id) => {
    const audit = lhr.audits[id]
    if (typeof audit?.numericValue !== 'number') {
      throw new Error(
        `${lhr.finalDisplayedUrl}: no ${id} (${audit?.errorMessage ?? 'not measured'})`,
      )
    }
    return audit.numericValue
  }
  const summary = lhr.audits['resource-summary']?.details?.items ?? []
  const bytes = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    jsKb: Number((bytes('script') / 1000).toFixed(1)),
    jsBrKb: Number((scriptBytes(lhr, clientDir, 'br') / 1000).toFixed(1)),
    jsGzipKb: Number((scriptBytes(lhr, clientDir, 'gz') / 1000).toFixed(1)),
    totalKb: Number((bytes('total') / 1000).toFixed(1)),
    requests: summary.find((item) => item.resourceType === 'total')?.requestCount ?? 0,
    // The CPU slowdown the run simulated (Lighthouse's default is 4).
    cpuMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4,
    // How fast Lighthouse found this machine at the time of the run (its own micro-benchmark);
    // the simulation scales its CPU estimates with it, so a slow or busy machine scores lower.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  }
}

/**
 * One Lighthouse 12 mobile run (Moto G Power, slow 4G) on the Chromium at `port`;
 * `throttlingMethod` 'simulate' (Lighthouse's default) or 'devtools' (real throttling);
 * `headers` are sent with every request of the page (a signed-in session's Cookie);
 * `cpuSlowdownMultiplier` replaces the default 4× CPU slowdown (the rest of the throttling stays).
 * A run Lighthouse could not finish or measure (a failed trace, NO_TTI, NO_LCP, a protocol
 * error) is tried again, `attempts` times in all; then the last error is thrown.
 */
export async function measure(
  port,
  url,
  { throttlingMethod = 'simulate', attempts = 3, headers, cpuSlowdownMultiplier } = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { lhr } = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        throttlingMethod,
        ...(headers ? { extraHeaders: headers } : {}),
        // Merged into the default mobile throttling (slow 4G stays as it is).
        ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      figuresOf(lhr)
      return lhr
    } catch (error) {
      if (attempt >= attempts) throw error
      process.stderr.write(`${url} (${throttlingMethod}): ${error.message}: trying again\n`)
    }
  }
}

/**
 * Like `measure`, but a run that still fails is reported and answered with undefined, so that
 * one bad round never ends a benchmark of many.
 */
export async function measureOrReport(port, url, options = {}) {
  try {
    return await measure(port, url, options)
  } catch (error) {
    process.stderr.write(
      `${url} (${options.throttlingMethod ?? 'simulate'}): left out of this round: ${error.message}\n`,
    )
    return undefined
  }
}

/** Audits that cost points in the non-performance categories (to say why a score is not 100). */
export function failedAudits(lhr) {
  const failed = []
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failed.push(`${id}: ${ref.id} (${audit.title})`)
        // What the console said, so that the cause is in the bench's output.
        if (ref.id === 'errors-in-console') {
          for (const item of audit.details?.items?.slice(0, 5) ?? []) {
            failed.push(`    ${item.source ?? ''} ${item.url ?? ''}: ${item.description ?? ''}`)
          }
        }
      }
    }
  }
  return failed
}

/** Paths of the scripts the page loaded, in request order. */
export function scriptPaths(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  return requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => new URL(request.url).pathname)
}
