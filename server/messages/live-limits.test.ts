import { mkdirSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { dirname, join } from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ThreadMessage } from '../../domain/api/api-contract'
import { setAccountRole } from '../admin/admin-role'
import { defaultHttpLimits, type HttpLimits } from '../http-server'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { type ApiClient, type ApiOptions, type ApiServer, startApi } from '../test/api-harness'
import { type OpenStream, openEventStream, type ReceivedEvent } from '../test/event-stream'
import { signedInAdmin } from '../test/factor-kit'
import { clientWithRequest } from '../test/request-kit'
import { type TestDatabase, testBackends } from '../test/test-database'

/**
 * The live event streams' limits, on two instances sharing one PostgreSQL (A: the account kit's
 * API, B: a second app on the same database, with its own hub and listening connection): caps
 * per account and per client address counted across both, a share of each instance's
 * connections, a lifetime, one read per message whatever the number of streams, and streams
 * that end with their session or their role, wherever they are open.
 */
describe('live event streams that one account cannot exhaust', () => {
  let kit: AccountKit
  let b: ApiServer
  const extra: ApiServer[] = []
  const streams: OpenStream[] = []
  // A hundred connections per instance: old code lets one account's streams take them all.
  const limits: HttpLimits = { ...defaultHttpLimits, maxConnections: 100 }

  beforeAll(async () => {
    const [embedded] = testBackends()
    if (!embedded) throw new Error('No test database')
    kit = await startAccountKit(embedded, {
      heartbeatMs: 300,
      limits,
      streamLimits: { checkMs: 200 },
    })
    b = await startApi(kit.database, {
      heartbeatMs: 300,
      now: () => kit.now(),
      limits,
      streamLimits: { checkMs: 200 },
    })
    writeHomePages(kit.api)
    writeHomePages(b)
  }, 60_000)
  afterAll(async () => {
    for (const stream of streams) stream.close()
    for (const server of [...extra, b]) await server?.close()
    await kit?.close()
  })

  async function startInstance(
    options: ApiOptions,
    database: TestDatabase = kit.database,
  ): Promise<ApiServer> {
    const server = await startApi(database, {
      heartbeatMs: 300,
      now: () => kit.now(),
      ...options,
    })
    extra.push(server)
    writeHomePages(server)
    return server
  }

  /** The prerendered home pages the site serves at `/` (a build's, reduced to what `/` needs). */
  function writeHomePages(server: ApiServer) {
    const pages = join(server.clientDir, '../pages')
    const files: Record<string, string> = {
      'en/index.html': '<!doctype html><html lang="en"><title>Home</title></html>',
      'es/index.html': '<!doctype html><html lang="es"><title>Inicio</title></html>',
    }
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(dirname(join(pages, file)), { recursive: true })
      writeFileSync(join(pages, file), content)
    }
    writeFileSync(
      join(pages, 'manifest.json'),
      JSON.stringify({ origin: server.url, files: Object.keys(files), pages: [{ path: '/' }] }),
    )
  }

  /** Another visitor's GET on a connection of its own (none of the test's pooled ones). */
  function visit(url: string): Promise<number> {
    return new Promise((resolve) => {
      const request = httpGet(url, { agent: false }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      request.on('error', () => resolve(0))
      request.setTimeout(10_000, () => request.destroy())
    })
  }

  type Attempt = { readonly status: number; readonly retryAfter: string | null }

  /** Opens a stream; a refused connection (no HTTP answer at all) is status 0. */
  async function attempt(
    baseUrl: string,
    browser: ApiClient,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<Attempt & { readonly stream?: OpenStream }> {
    try {
      const stream = await openEventStream(baseUrl, browser, path, headers)
      streams.push(stream)
      if (stream.status !== 200) stream.close()
      return {
        status: stream.status,
        retryAfter: stream.headers.get('retry-after'),
        ...(stream.status === 200 ? { stream } : {}),
      }
    } catch {
      return { status: 0, retryAfter: null }
    }
  }

  /** `count` attempts, `burst` at a time (a browser-like burst, not one the pool must queue). */
  async function attempts(
    count: number,
    open: (index: number) => ReturnType<typeof attempt>,
    burst = 25,
  ): Promise<Awaited<ReturnType<typeof attempt>>[]> {
    const all: Awaited<ReturnType<typeof attempt>>[] = []
    for (let start = 0; start < count; start += burst) {
      const batch = Array.from({ length: Math.min(burst, count - start) }, (_, i) =>
        open(start + i),
      )
      all.push(...(await Promise.all(batch)))
    }
    return all
  }

  function statuses(results: readonly Attempt[]): Record<number, number> {
    const counts: Record<number, number> = {}
    for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1
    return counts
  }

  async function everyoneElseServed() {
    for (const server of [kit.api, b]) {
      expect(await visit(`${server.url}/healthz`)).toBe(200)
      expect(await visit(`${server.url}/`)).toBe(200)
    }
  }

  /** Resolves once the server ended the stream; fails past the deadline. */
  function endedWithin(stream: OpenStream, timeoutMs = 10_000): Promise<void> {
    return Promise.race([
      stream.ended,
      new Promise<void>((_, reject) =>
        setTimeout(() => reject(new Error('The stream is still open')), timeoutMs),
      ),
    ])
  }

  const messageWith = (body: string) => (event: ReceivedEvent) =>
    event.event === 'message' && (JSON.parse(event.data) as ThreadMessage).body === body

  async function newAdmin() {
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    return { account, admin: await signedInAdmin(kit, account) }
  }

  const watchersOf = async (userId: string) =>
    (
      await kit.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM thread_watchers WHERE user_id = $1',
        [userId],
      )
    ).rows[0]?.n

  it('refuses one account’s streams past its cap on both instances together (429), and serves everyone else', async () => {
    const { browser, requestId } = await clientWithRequest(kit)
    const path = `/api/v1/me/service-requests/${requestId}/events`
    const results = await attempts(300, (i) => attempt(i % 2 ? b.url : kit.api.url, browser, path))
    expect(statuses(results)).toEqual({ 200: 8, 429: 292 })
    expect(results.filter((r) => r.status === 429).every((r) => r.retryAfter === '45')).toBe(true)
    const refused = await browser.get(path)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' })
    expect(refused.body.error).toMatch(/Too many|Demasiad/)
    await everyoneElseServed()

    // A slot frees when a stream closes, on whichever instance.
    const open = results.flatMap((r) => (r.stream ? [r.stream] : []))
    open[0]?.close()
    await expect.poll(async () => (await attempt(b.url, browser, path)).status).toBe(200)
  })

  it('refuses one address’s streams past its cap, whichever accounts and instances they use', async () => {
    const address = '203.0.113.77'
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => clientWithRequest(kit, { language: 'es' })),
    )
    const results = await attempts(300, (i) => {
      const client = clients[i % clients.length]
      if (!client) throw new Error('No client')
      return attempt(
        i % 2 ? b.url : kit.api.url,
        client.browser,
        `/api/v1/me/service-requests/${client.requestId}/events`,
        { 'x-forwarded-for': address },
      )
    })
    expect(statuses(results)).toEqual({ 200: 24, 429: 276 })
    // The same accounts from another address are not refused for the address's sake.
    const elsewhere = clients.find(
      (client) =>
        results.filter((r, i) => r.status === 200 && clients[i % clients.length] === client)
          .length < 8,
    )
    if (!elsewhere) throw new Error('Every account used its eight streams')
    expect(
      (
        await attempt(
          kit.api.url,
          elsewhere.browser,
          `/api/v1/me/service-requests/${elsewhere.requestId}/events`,
        )
      ).status,
    ).toBe(200)
    await everyoneElseServed()
  })

  it('keeps half of an instance’s connections for everything else (503 busy beyond)', async () => {
    const small = await startInstance({ limits: { ...defaultHttpLimits, maxConnections: 20 } })
    const clients = await Promise.all(Array.from({ length: 3 }, () => clientWithRequest(kit)))
    const results = await attempts(
      24,
      (i) => {
        const client = clients[i % 3]
        if (!client) throw new Error('No client')
        return attempt(
          small.url,
          client.browser,
          `/api/v1/me/service-requests/${client.requestId}/events`,
        )
      },
      4,
    )
    expect(statuses(results)).toEqual({ 200: 10, 503: 14 })
    expect(results.filter((r) => r.status === 503).every((r) => r.retryAfter === '5')).toBe(true)
    expect(await visit(`${small.url}/healthz`)).toBe(200)
    expect(await visit(`${small.url}/`)).toBe(200)
  })

  it('ends a stream after its lifetime; the reconnect from Last-Event-ID loses nothing', async () => {
    const brief = await startInstance({ streamLimits: { lifetimeMs: 1_500 } })
    const { browser, requestId } = await clientWithRequest(kit)
    const { admin } = await newAdmin()
    const path = `/api/v1/me/service-requests/${requestId}/events`
    const reply = (body: string) =>
      admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, { body })
    const first = await attempt(brief.url, browser, path)
    if (!first.stream) throw new Error(`Stream refused: ${first.status}`)
    await reply('Before the end')
    const seen = await first.stream.next(messageWith('Before the end'))
    await endedWithin(first.stream)
    await reply('While reconnecting')
    const again = await attempt(brief.url, browser, path, { 'last-event-id': seen.id ?? '' })
    if (!again.stream) throw new Error(`Stream refused: ${again.status}`)
    await again.stream.next(messageWith('While reconnecting'))
    expect(again.stream.events.some(messageWith('Before the end'))).toBe(false)
  })

  it('reads a new message once for all the streams of an instance on its thread', async () => {
    const counted = countingPool(kit.database.pool)
    const reader = await startInstance({}, { ...kit.database, pool: counted.pool })
    const { browser, requestId } = await clientWithRequest(kit)
    const { admin } = await newAdmin()
    const clientStreams: OpenStream[] = []
    const agencyStreams: OpenStream[] = []
    const inboxStreams: OpenStream[] = []
    for (let i = 0; i < 6; i += 1) {
      const mine = await attempt(
        reader.url,
        browser,
        `/api/v1/me/service-requests/${requestId}/events`,
      )
      const theirs = await attempt(
        reader.url,
        admin,
        `/api/v1/admin/service-requests/${requestId}/events`,
      )
      if (!mine.stream || !theirs.stream) throw new Error('Stream refused')
      clientStreams.push(mine.stream)
      agencyStreams.push(theirs.stream)
    }
    for (let i = 0; i < 2; i += 1) {
      const inbox = await attempt(reader.url, admin, '/api/v1/admin/events')
      if (!inbox.stream) throw new Error('Stream refused')
      inboxStreams.push(inbox.stream)
    }
    const threadEvents = (stream: OpenStream) => stream.events.filter((e) => e.event === 'thread')
    const send = async (body: string, internal = false) => {
      const sent = await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
        body,
        ...(internal ? { internal } : {}),
      })
      expect(sent.status).toBe(201)
    }
    // Written through instance A; every stream on the counted instance has caught up first.
    await send('Warm-up')
    await Promise.all(
      [...clientStreams, ...agencyStreams].map((s) => s.next(messageWith('Warm-up'))),
    )
    for (const inbox of inboxStreams) await expect.poll(() => threadEvents(inbox).length).toBe(1)

    counted.texts.length = 0
    await send('For everyone')
    await Promise.all(
      [...clientStreams, ...agencyStreams].map((s) => s.next(messageWith('For everyone'))),
    )
    for (const inbox of inboxStreams) await expect.poll(() => threadEvents(inbox).length).toBe(2)
    await send('A note', true)
    await Promise.all(agencyStreams.map((s) => s.next(messageWith('A note'))))
    for (const inbox of inboxStreams) await expect.poll(() => threadEvents(inbox).length).toBe(3)
    const reads = (pattern: RegExp) => counted.texts.filter((text) => pattern.test(text)).length
    // One read of each message and one count per event, for twelve thread and two inbox streams.
    expect(reads(/FROM thread_messages m LEFT JOIN users/)).toBe(2)
    expect(reads(/count\(\*\) FROM service_requests/)).toBe(2)
    expect(reads(/thread_reads/)).toBe(0)
    expect(clientStreams.flatMap((s) => s.events.map((e) => e.data)).join('\n')).not.toContain(
      'A note',
    )
  })

  it('ends a stream within seconds of its session ending (other sessions revoked, sign-out), on every instance, and its side stops counting as present at once', async () => {
    const { account, browser, id, requestId } = await clientWithRequest(kit)
    const path = `/api/v1/me/service-requests/${requestId}/events`
    const other = await kit.signedIn(account)
    const onA = await attempt(kit.api.url, browser, path)
    const onB = await attempt(b.url, browser, path)
    const kept = await attempt(b.url, other, path)
    if (!onA.stream || !onB.stream || !kept.stream) throw new Error('Stream refused')
    expect(await watchersOf(id)).toBe(3)

    // "Sign out other sessions" from the second browser: the first's streams end on A and B.
    expect((await other.post('/api/v1/me/sessions/revoke-others', {})).status).toBe(200)
    expect(await watchersOf(id)).toBe(1)
    await endedWithin(onA.stream)
    await endedWithin(onB.stream)
    const { admin } = await newAdmin()
    await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, { body: 'Still on' })
    await kept.stream.next(messageWith('Still on'))

    // Signing out ends the last one; its side is no longer present at once.
    expect((await other.post('/api/v1/auth/logout', {})).status).toBe(200)
    expect(await watchersOf(id)).toBe(0)
    await endedWithin(kept.stream)
  })

  it('ends an admin’s streams within seconds of the role’s revocation, on every instance', async () => {
    const { requestId } = await clientWithRequest(kit)
    const { admin, account: adminAccount } = await newAdmin()
    // `npm run admin:grant -- --revoke`: the thread's and the inbox's streams end, and no longer
    // count as the agency's presence (which holds back its digest).
    const adminId = ((await admin.get('/api/v1/me')).body.user as { id: string }).id
    const thread = await attempt(b.url, admin, `/api/v1/admin/service-requests/${requestId}/events`)
    const inbox = await attempt(kit.api.url, admin, '/api/v1/admin/events')
    if (!thread.stream || !inbox.stream) throw new Error('Stream refused')
    await setAccountRole(kit.database.pool, adminAccount.email, 'client')
    await endedWithin(thread.stream)
    await endedWithin(inbox.stream)
    await expect.poll(() => watchersOf(adminId)).toBe(0)
  })

  it('never tells the client’s stream the id of an internal note in the agency’s read mark', async () => {
    const { browser, requestId } = await clientWithRequest(kit)
    const { admin } = await newAdmin()
    const stream = await attempt(b.url, browser, `/api/v1/me/service-requests/${requestId}/events`)
    if (!stream.stream) throw new Error('Stream refused')
    const messages = `/api/v1/admin/service-requests/${requestId}/messages`
    const reply = await admin.post(messages, { body: 'A public reply' })
    const note = await admin.post(messages, { body: 'Only for us', internal: true })
    const replyId = (reply.body.threadMessage as { id: string }).id
    const noteId = (note.body.threadMessage as { id: string }).id
    expect(
      (
        await admin.post(`/api/v1/admin/service-requests/${requestId}/read`, {
          upTo: noteId,
        })
      ).status,
    ).toBe(204)
    const read = await stream.stream.next((event) => event.event === 'read')
    expect(JSON.parse(read.data)).toEqual({
      side: 'agency',
      upTo: replyId,
      at: expect.any(String),
    })
    const ids = stream.stream.events.flatMap((event) => {
      const data = JSON.parse(event.data) as { id?: string; upTo?: string }
      return [event.id, data.id, data.upTo]
    })
    expect(ids).not.toContain(noteId)
  })
})

/** The pool, counting the text of every `query` made through it (the stream's reads). */
function countingPool(pool: pg.Pool): { readonly pool: pg.Pool; readonly texts: string[] } {
  const texts: string[] = []
  const counted = new Proxy(pool, {
    get(target, key) {
      if (key === 'query')
        return (...args: unknown[]) => {
          const [first] = args
          texts.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text))
          return (target.query as (...parts: unknown[]) => unknown)(...args)
        }
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { pool: counted, texts }
}
