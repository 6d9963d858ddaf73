// `npm run load:streams`: the live event streams' caps under load, on the real server (built
// first when the sources changed, like `npm start`) with a throw-away DATA_DIR and
// TRUST_PROXY=true, so X-Forwarded-For chooses each connection's source address:
// - other visitors' `/` and `/healthz` (each on a connection of its own, from an address of its
//   own), LOAD_VISITS sequential requests each (default 200): p50 / p95 at rest;
// - the same while one account opens LOAD_STREAMS streams (default 1,500) to its thread from one
//   address, 50 at a time, keeping those accepted open;
// - the same while LOAD_ACCOUNTS accounts (default 6) open LOAD_STREAMS streams together from
//   one other address (an office behind one NAT).
// Each phase reports how many streams were accepted (200), refused (429, 503) or got no answer.
// A load script, not a test: it fails only when a visitor's answer is not 200.
import { request } from 'node:http'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }
import { machineFacts, percentile, withBenchServer } from './bench-server'

const streamsPerPhase = Number(process.env.LOAD_STREAMS ?? 1_500)
const visits = Number(process.env.LOAD_VISITS ?? 200)
const sharedAccounts = Number(process.env.LOAD_ACCOUNTS ?? 6)
const burst = 50

let addressCounter = 0
/** A fresh source address (documentation ranges: 198.18.0.0/15). */
function nextAddress(): string {
  addressCounter += 1
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`
}

type Answer = { readonly status: number; readonly close: () => void }

/**
 * A GET on a connection of its own from `address`: resolves with the status once the headers
 * arrive; `keep` leaves an accepted stream open (closed by `close`), anything else is read out.
 */
function get(
  baseURL: string,
  path: string,
  address: string,
  headers: Record<string, string> = {},
  keep = false,
): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${baseURL}${path}`,
      { agent: false, headers: { 'x-forwarded-for': address, ...headers } },
      (response) => {
        const status = response.statusCode ?? 0
        if (keep && status === 200) {
          response.on('error', () => {})
          response.resume()
        } else response.resume()
        resolve({ status, close: () => outgoing.destroy() })
      },
    )
    outgoing.on('error', () => resolve({ status: 0, close: () => {} }))
    outgoing.setTimeout(30_000, () => outgoing.destroy())
    outgoing.end()
  })
}

/** A signed-in client with a request of its own: its cookies, its address, its thread's stream. */
type Client = { readonly cookie: string; readonly streamPath: string }

async function signedInClient(
  baseURL: string,
  email: string,
  address: string,
  verify: (email: string) => Promise<void>,
): Promise<Client> {
  const cookies = new Map<string, string>()
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        'x-forwarded-for': address,
        cookie: cookie(),
        'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const text = await answer.text()
    return {
      status: answer.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    }
  }
  await call('GET', '/api/v1/auth/xsrf-token')
  const registered = await call('POST', '/api/v1/auth/register', { ...validRegistration, email })
  if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status}`)
  await verify(email)
  const login = await call('POST', '/api/v1/auth/login', {
    email,
    password: validRegistration.password,
  })
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`)
  const created = await call('POST', '/api/v1/me/service-requests', {
    serviceId: 'web-design',
    need: 'A new website for our bakery, with an order form.',
    desiredStart: 'flexible',
    budget: 'not-sure',
  })
  if (created.status !== 201) throw new Error(`The request failed: ${created.status}`)
  const requestId = (created.body.request as { id: string }).id
  return { cookie: cookie(), streamPath: `/api/v1/me/service-requests/${requestId}/events` }
}

/** Other visitors' `/` and `/healthz`, one after the other, each from its own address. */
async function visitorTimings(baseURL: string): Promise<{ page: number[]; health: number[] }> {
  const page: number[] = []
  const health: number[] = []
  for (let i = 0; i < visits; i += 1)
    for (const [path, timings] of [
      ['/', page],
      ['/healthz', health],
    ] as const) {
      const started = performance.now()
      const { status } = await get(baseURL, path, nextAddress())
      if (status !== 200) throw new Error(`A visitor's ${path} answered ${status}`)
      timings.push(performance.now() - started)
    }
  return { page: page.sort((a, b) => a - b), health: health.sort((a, b) => a - b) }
}

/** `count` stream attempts, `burst` at a time; the accepted ones stay open. */
async function openStreams(
  baseURL: string,
  count: number,
  pick: (index: number) => { client: Client; address: string },
): Promise<{ counts: Record<string, number>; open: Answer[] }> {
  const counts: Record<string, number> = {}
  const open: Answer[] = []
  for (let start = 0; start < count; start += burst) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(burst, count - start) }, (_, i) => {
        const { client, address } = pick(start + i)
        return get(
          baseURL,
          client.streamPath,
          address,
          { cookie: client.cookie, accept: 'text/event-stream' },
          true,
        )
      }),
    )
    for (const answer of answers) {
      const key = answer.status === 0 ? 'no answer' : String(answer.status)
      counts[key] = (counts[key] ?? 0) + 1
      if (answer.status === 200) open.push(answer)
      else answer.close()
    }
  }
  return { counts, open }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

async function main(): Promise<void> {
  await withBenchServer('streams', async ({ baseURL, pool }) => {
    const verify = async (email: string) => {
      await pool.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email])
    }
    const heavyAddress = '198.51.100.10'
    const officeAddress = '198.51.100.20'
    // Each account registers and signs in from an address of its own (registration's own
    // per-address limit is not what is measured here); its streams come from the phase's address.
    const clients: Client[] = []
    for (let i = 0; i <= sharedAccounts; i += 1)
      clients.push(await signedInClient(baseURL, `load-${i}@example.com`, nextAddress(), verify))
    const [heavy, ...office] = clients
    if (!heavy) throw new Error('No client')

    const rows: string[][] = []
    const report = (phase: string, timings: { page: number[]; health: number[] }, streams = '') =>
      rows.push([
        phase,
        streams,
        `${ms(percentile(timings.page, 50))} / ${ms(percentile(timings.page, 95))}`,
        `${ms(percentile(timings.health, 50))} / ${ms(percentile(timings.health, 95))}`,
      ])
    report('at rest', await visitorTimings(baseURL))

    const describe = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')
    const one = openStreams(baseURL, streamsPerPhase, () => ({
      client: heavy,
      address: heavyAddress,
    }))
    const duringOne = await visitorTimings(baseURL)
    const oneAccount = await one
    report(`${streamsPerPhase} streams, one account`, duringOne, describe(oneAccount.counts))

    const shared = openStreams(baseURL, streamsPerPhase, (index) => ({
      client: office[index % office.length] ?? heavy,
      address: officeAddress,
    }))
    const duringShared = await visitorTimings(baseURL)
    const oneAddress = await shared
    report(
      `${streamsPerPhase} streams, ${office.length} accounts, one address`,
      duringShared,
      describe(oneAddress.counts),
    )
    const { rows: open } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM thread_watchers',
    )
    for (const answer of [...oneAccount.open, ...oneAddress.open]) answer.close()

    console.log(`\nLive event streams under load, ${machineFacts()}`)
    console.log(`Visitors: ${visits} × / and ${visits} × /healthz per phase, sequential`)
    console.log('| phase | streams | / p50 / p95 | /healthz p50 / p95 |')
    console.log('|---|---|---|---|')
    for (const row of rows) console.log(`| ${row.join(' | ')} |`)
    console.log(`Streams open at the end (thread_watchers rows): ${open[0]?.n}`)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
