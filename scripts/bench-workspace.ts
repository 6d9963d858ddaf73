// `npm run bench:workspace` (and the last step of `npm run bench`): a request's conversation and
// files on the real server (built first when the sources changed, like `npm start`) with a
// throw-away DATA_DIR:
// - the first page of a thread of 1,000 messages while the database holds 100,000 (seeded
//   through the embedded PostgreSQL's socket), BENCH_SAMPLES sequential requests (default 100)
//   after 10 warm-up: p50 / p95, target p95 < 100 ms;
// - a 10 MB upload and its download over loopback, BENCH_FILE_ROUNDS times (default 3): the
//   median of each, target < 1 s;
// - the server's resident memory while 20 clients download a 10 MB file at once, sampled every
//   20 ms: before, peak and after, target a peak well under the 200 MB the files add up to.
// A benchmark, not a test: it fails only when an answer is not the expected status.
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type pg from 'pg'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }
import {
  Browser,
  machineFacts,
  median,
  percentile,
  samples,
  sequentialTimings,
  withBenchServer,
} from './bench-server'

const totalMessages = Number(process.env.BENCH_WORKSPACE_MESSAGES ?? 100_000)
const threadMessages = 1_000
const fileRounds = Number(process.env.BENCH_FILE_ROUNDS ?? 3)
const fileBytes = 10 * 1024 * 1024
const downloaders = 20

/** The server process's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

async function seed(pool: pg.Pool, clientId: string, requestId: string) {
  const started = Date.now()
  const others = totalMessages - threadMessages
  const perRequest = 100
  await pool.query(
    `WITH requests AS (
       INSERT INTO service_requests (user_id, service_id, need, desired_start, budget, number)
       SELECT $1, 'web-design', 'Another brief long enough, number ' || i, 'flexible', 'not-sure',
         'PD-bench-' || gen_random_uuid()
       FROM generate_series(1, $2::int) AS i RETURNING id
     )
     INSERT INTO thread_messages (request_id, author_id, side, body, created_at)
     SELECT r.id, $1, CASE WHEN n % 2 = 0 THEN 'client' ELSE 'agency' END,
       'A message of a typical length about the project, line ' || n || '.',
       now() - make_interval(mins => n)
     FROM requests r CROSS JOIN generate_series(1, $3::int) AS n`,
    [clientId, Math.ceil(others / perRequest), perRequest],
  )
  await pool.query(
    `INSERT INTO thread_messages (request_id, author_id, side, internal, body, created_at)
     SELECT $1, $2, CASE WHEN n % 3 = 0 THEN 'agency' ELSE 'client' END, n % 6 = 0,
       'Message ' || n || ' of the measured thread, with a few words more.',
       now() - make_interval(mins => $3::int - n)
     FROM generate_series(1, $3::int) AS n`,
    [requestId, clientId, threadMessages],
  )
  await pool.query('VACUUM ANALYZE')
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM thread_messages')
  console.log(
    `Seeded ${Number(rows[0]?.n).toLocaleString('en')} messages (${threadMessages.toLocaleString('en')} in the measured thread) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

async function main(): Promise<void> {
  await withBenchServer('workspace', async ({ baseURL, server, pool }) => {
    const browser = new Browser(baseURL)
    await browser.start()
    const registered = await browser.json('POST', '/api/v1/auth/register', validRegistration)
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status}`)
    await pool.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [
      validRegistration.email,
    ])
    const login = await browser.json('POST', '/api/v1/auth/login', {
      email: validRegistration.email,
      password: validRegistration.password,
    })
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`)
    const created = await browser.json('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A new website for our bakery, with an order form.',
      desiredStart: 'flexible',
      budget: 'not-sure',
    })
    if (created.status !== 201) throw new Error(`The request failed: ${created.status}`)
    const requestId = (created.body.request as { id: string }).id
    const clientId = (
      await pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
        validRegistration.email,
      ])
    ).rows[0]?.id
    if (!clientId) throw new Error('The client is missing')
    await seed(pool, clientId, requestId)

    // The first page of the thread.
    const timings = await sequentialTimings(async () => {
      const answer = await fetch(`${baseURL}/api/v1/me/service-requests/${requestId}/messages`, {
        headers: browser.headers(),
      })
      const page = (await answer.json()) as { messages?: unknown[] }
      if (answer.status !== 200 || page.messages?.length !== 50)
        throw new Error(`The thread's page: ${answer.status}`)
    })

    // A 10 MB upload and download.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(fileBytes - 9)])
    const digest = createHash('sha256').update(bytes).digest('hex')
    const uploads: number[] = []
    const downloads: number[] = []
    let fileId = ''
    for (let round = 0; round < fileRounds; round += 1) {
      const started = performance.now()
      const answer = await fetch(
        `${baseURL}/api/v1/me/uploads?request=${requestId}&name=scan-${round}.pdf`,
        {
          method: 'POST',
          headers: browser.headers({ 'content-type': 'application/pdf' }),
          body: bytes,
        },
      )
      const body = (await answer.json()) as { upload?: { id: string; sha256: string } }
      uploads.push(performance.now() - started)
      if (answer.status !== 201 || body.upload?.sha256 !== digest)
        throw new Error(`The upload: ${answer.status}`)
      fileId = body.upload.id
      const sent = await browser.json('POST', `/api/v1/me/service-requests/${requestId}/messages`, {
        body: `Scan ${round}`,
        files: [fileId],
      })
      if (sent.status !== 201) throw new Error(`The message: ${sent.status}`)
      const path = `/api/v1/me/service-requests/${requestId}/files/${fileId}`
      const fetched = performance.now()
      const download = await fetch(`${baseURL}${path}`, { headers: browser.headers() })
      const got = Buffer.from(await download.arrayBuffer())
      downloads.push(performance.now() - fetched)
      if (createHash('sha256').update(got).digest('hex') !== digest)
        throw new Error('The download differs from the upload')
    }

    // Memory while 20 clients download at once.
    const pid = server.pid ?? 0
    const before = rssMb(pid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid))
    }, 20)
    const concurrent = performance.now()
    await Promise.all(
      Array.from({ length: downloaders }, async () => {
        const answer = await fetch(
          `${baseURL}/api/v1/me/service-requests/${requestId}/files/${fileId}`,
          { headers: browser.headers() },
        )
        let received = 0
        for await (const chunk of answer.body ?? []) received += (chunk as Uint8Array).length
        if (received !== bytes.length) throw new Error(`A download got ${received} bytes`)
      }),
    )
    const concurrentMs = performance.now() - concurrent
    clearInterval(sampler)
    const after = rssMb(pid)

    console.log(
      `\nWorkspace: ${samples} sequential requests after 10 warm-up; ${fileRounds} rounds of 10 MB; ${downloaders} concurrent downloads; ${machineFacts()}`,
    )
    console.table([
      {
        measure: `thread of 1,000 (of ${totalMessages.toLocaleString('en')}): first page`,
        value: `p50 ${percentile(timings, 50)?.toFixed(1)} ms, p95 ${percentile(timings, 95)?.toFixed(1)} ms`,
        target: percentile(timings, 95) < 100 ? 'p95 < 100 ms: yes' : 'p95 < 100 ms: NO',
      },
      {
        measure: '10 MB upload (median)',
        value: `${median(uploads).toFixed(0)} ms`,
        target: median(uploads) < 1000 ? '< 1 s: yes' : '< 1 s: NO',
      },
      {
        measure: '10 MB download (median)',
        value: `${median(downloads).toFixed(0)} ms`,
        target: median(downloads) < 1000 ? '< 1 s: yes' : '< 1 s: NO',
      },
      {
        measure: `${downloaders} × 10 MB downloads at once: server RSS`,
        value: `before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB (${(concurrentMs / 1000).toFixed(1)} s)`,
        target: peak - before < 100 ? 'peak − before < 100 MB: yes' : 'peak − before < 100 MB: NO',
      },
    ])
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
