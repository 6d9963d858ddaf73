// `npm run bench:publish`: how long publishing takes, with two instances on one embedded
// PostgreSQL. Starts the real server (built first when the sources changed, like `npm start`)
// as instance A, and the same build as instance B on A's database; signs in an admin on A.
// 1. One case study, BENCH_PUBLISH_SAMPLES times (default 5): a new draft (not timed), then its
//    publish on A, timed until A answers (the touched pages rendered and stored in one
//    transaction) and until B serves its page (B heard the NOTIFY and read the rows).
// 2. Every page that shows content rendered again and stored: `npm run site:republish`'s
//    process (what a new build does by itself at its first start), timed as its log line says
//    and as a whole process.
// A benchmark, not a test: it fails only when an answer is wrong.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { databaseUrlOf, freePort } from '../server/test/server-process'
import { machineFacts, median, signedInAdmin, withBenchServer } from './bench-server'

const root = fileURLToPath(new URL('..', import.meta.url))
const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || process.env.BUILD_DIR || 'dist')
const runs = Number(process.env.BENCH_PUBLISH_SAMPLES ?? 5)

/** The environment of a process of the build on A's database. */
function instanceEnv(databaseUrl: string, publicUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    CLIENT_DIR: join(buildDir, 'client'),
    DATABASE_URL: databaseUrl,
    // Nobody signs in on it: a key of its own is enough to start.
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: '',
    SHUTDOWN_DELAY_MS: '0',
  }
}

/** Instance B: the same build on A's database, started and healthy. */
async function secondInstance(
  databaseUrl: string,
  publicUrl: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    env: { ...instanceEnv(databaseUrl, publicUrl), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await until(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true)
  return { url, child }
}

/** Waits for `condition`, asked every 10 ms, for at most a minute. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Waited a minute')
    await new Promise((done) => setTimeout(done, 10))
  }
}

const both = (en: string, es: string) => ({ en, es })

function caseStudy(n: number) {
  return {
    client: `Bench client ${n}`,
    sector: both('Bakery, Puebla', 'Panadería, Puebla'),
    services: ['e-commerce', 'seo'],
    situation: both('Orders came by phone.', 'Los pedidos llegaban por teléfono.'),
    constraint: both('A small budget.', 'Un presupuesto pequeño.'),
    approach: both('An online shop.', 'Una tienda en línea.'),
    outcome: both('Orders doubled.', 'Los pedidos se duplicaron.'),
    results: [{ figure: '+100 %', label: both('orders', 'pedidos') }],
    gallery: [],
    testimonialId: null,
    featured: false,
    slug: both(`bench-shop-${n}`, `tienda-bench-${n}`),
  }
}

async function main(): Promise<void> {
  await withBenchServer('publish', async ({ baseURL, pool }) => {
    const databaseUrl = databaseUrlOf(pool.options)
    const b = await secondInstance(databaseUrl, baseURL)
    try {
      const admin = await signedInAdmin(baseURL, pool)
      const answered: number[] = []
      const servedByB: number[] = []
      for (let n = 1; n <= runs; n += 1) {
        const created = await admin.json('POST', '/api/v1/admin/content/case-studies', {
          data: caseStudy(n),
        })
        if (created.status !== 201) throw new Error(`Create: ${created.status}`)
        const { id } = created.body.item as { id: string }
        const started = performance.now()
        const published = await admin.json(
          'POST',
          `/api/v1/admin/content/case-studies/${id}/publish`,
          { version: 1 },
        )
        if (published.status !== 200) throw new Error(`Publish: ${published.status}`)
        answered.push(performance.now() - started)
        await until(async () => (await fetch(`${b.url}/work/bench-shop-${n}`)).status === 200)
        servedByB.push(performance.now() - started)
      }
      const { rows } = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rendered_pages',
      )

      // `npm run site:republish` as an operator runs it: a process of its own on the database.
      const started = performance.now()
      const republish = spawnSync(
        process.execPath,
        [join(buildDir, 'server/main.js'), '--republish'],
        {
          env: { ...instanceEnv(databaseUrl, baseURL), PORT: '0' },
          encoding: 'utf8',
        },
      )
      const processMs = performance.now() - started
      const line = republish.stdout.split('\n').find((text) => text.includes('"site.republished"'))
      if (republish.status !== 0 || !line) throw new Error(`Republish:\n${republish.stderr}`)
      const all = JSON.parse(line) as { files: number; ms: number }
      const ms = (value: number) => `${Math.round(value)} ms`
      console.log(`\nPublishing with two instances, ${machineFacts()}`)
      console.table([
        {
          measure: `publish one case study (${runs} runs): answered on A (pages stored)`,
          median: ms(median(answered)),
          max: ms(Math.max(...answered)),
        },
        {
          measure: 'publish one case study: served by B',
          median: ms(median(servedByB)),
          max: ms(Math.max(...servedByB)),
        },
        {
          measure: `republish all (${all.files} files: every page showing content, the sitemap), rendered and stored`,
          median: ms(all.ms),
          max: ms(all.ms),
        },
        {
          measure: '`npm run site:republish` as a process (start, the same, exit)',
          median: ms(processMs),
          max: ms(processMs),
        },
      ])
      console.log(
        `Publish one case study: ${ms(median(answered))} (median) until A answered, ${ms(median(servedByB))} until B served it; republish all: ${all.files} files in ${ms(all.ms)} (${ms(processMs)} as a process); ${rows[0]?.n} rows stored after the ${runs} publishes.`,
      )
    } finally {
      b.child.kill('SIGTERM')
      await new Promise((done) =>
        b.child.exitCode !== null ? done(undefined) : b.child.once('exit', done),
      )
    }
  })
}

await main()
