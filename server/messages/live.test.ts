import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgencyThreadMessage, ThreadMessage } from '../../domain/api/api-contract'
import { setAccountRole } from '../admin/admin-role'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { type ApiClient, startApi } from '../test/api-harness'
import { type OpenStream, openEventStream, type ReceivedEvent } from '../test/event-stream'
import { signedInAdmin } from '../test/factor-kit'
import {
  databaseUrlOf,
  exited,
  type RunningServer,
  startServerProcess,
} from '../test/server-process'
import { sharedServerBuild } from '../test/shared-server-build'
import { testBackends } from '../test/test-database'

/**
 * Two instances on one PostgreSQL and nothing else between them: instance A runs in this
 * process (the account kit's API), instance B is the real built server in a process of its own.
 * A message written on one reaches a stream open on the other through LISTEN/NOTIFY.
 */
describe('live conversations across instances', () => {
  let buildDir: string
  let kit: AccountKit
  let other: RunningServer
  let admin: ApiClient
  const streams: OpenStream[] = []

  beforeAll(async () => {
    buildDir = await sharedServerBuild()
    const [embedded] = testBackends()
    if (!embedded) throw new Error('No test database')
    kit = await startAccountKit(embedded, { heartbeatMs: 300 })
    other = await startServerProcess(buildDir, {
      DATABASE_URL: databaseUrlOf(kit.database.connection),
    })
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    admin = await signedInAdmin(kit, account)
  }, 180_000)
  afterAll(async () => {
    for (const stream of streams) stream.close()
    if (other && other.child.exitCode === null) other.child.kill('SIGKILL')
    await kit?.close()
  })

  async function client() {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const created = await browser.post('/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A new website for our bakery, with an order form.',
      desiredStart: 'within-1-month',
      budget: '25k-75k',
    })
    expect(created.status).toBe(201)
    return { browser, requestId: (created.body.request as { id: string }).id }
  }

  async function stream(baseUrl: string, browser: ApiClient, path: string, headers = {}) {
    const opened = await openEventStream(baseUrl, browser, path, headers)
    streams.push(opened)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    // Never cached, never held back by a buffering proxy.
    expect(opened.headers.get('cache-control')).toBe('no-store')
    expect(opened.headers.get('x-accel-buffering')).toBe('no')
    return opened
  }

  const messageWith = (body: string) => (event: ReceivedEvent) =>
    event.event === 'message' && (JSON.parse(event.data) as ThreadMessage).body === body

  it('delivers the agency’s reply written on one instance to the client’s stream on the other, never a note', async () => {
    const { browser, requestId } = await client()
    const clientStream = await stream(
      other.url,
      browser,
      `/api/v1/me/service-requests/${requestId}/events`,
    )
    const agencyStream = await stream(
      kit.api.url,
      admin,
      `/api/v1/admin/service-requests/${requestId}/events`,
    )
    const inbox = await stream(kit.api.url, admin, '/api/v1/admin/events')

    expect(
      (
        await browser.post(`/api/v1/me/service-requests/${requestId}/messages`, {
          body: 'Hi from the client',
        })
      ).status,
    ).toBe(201)
    // Written through instance A: the client's own stream on B shows it, as the agency's on A.
    const mine = await clientStream.next(messageWith('Hi from the client'))
    expect(JSON.parse(mine.data)).toMatchObject({ side: 'client', mine: true })
    const received = await agencyStream.next(messageWith('Hi from the client'))
    expect(JSON.parse(received.data) as AgencyThreadMessage).toMatchObject({
      side: 'client',
      internal: false,
      isNew: true,
    })
    const thread = await inbox.next((event) => event.event === 'thread')
    expect(JSON.parse(thread.data)).toMatchObject({ requestId, side: 'client', internal: false })

    const path = `/api/v1/admin/service-requests/${requestId}/messages`
    await admin.post(path, { body: 'A note for the team', internal: true })
    await admin.post(path, { body: 'Reply one' })
    const reply = await clientStream.next(messageWith('Reply one'))
    expect(reply.id).toBe((JSON.parse(reply.data) as ThreadMessage).id)
    expect(JSON.parse(reply.data)).toMatchObject({ side: 'agency', mine: false, isNew: true })
    expect(JSON.parse(reply.data)).not.toHaveProperty('internal')
    await agencyStream.next(messageWith('A note for the team'))
    expect(clientStream.events.map((event) => event.data).join('\n')).not.toContain('A note')

    // The client marks the thread read on B: the agency's stream on A hears it.
    await browser.post(`/api/v1/me/service-requests/${requestId}/read`, { upTo: reply.id })
    const read = await agencyStream.next((event) => event.event === 'read')
    expect(JSON.parse(read.data)).toEqual({
      side: 'client',
      upTo: reply.id,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    })
    // A stream opened (or reopened) later starts from the mark as it stands, with its time.
    const later = await stream(
      kit.api.url,
      admin,
      `/api/v1/admin/service-requests/${requestId}/events`,
    )
    const standing = await later.next((event) => event.event === 'read')
    expect(JSON.parse(standing.data)).toEqual({
      side: 'client',
      upTo: reply.id,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    })
  })

  it('resumes after a reconnect from Last-Event-ID (or ?lastEventId= on a stream opened anew), and survives the loss of the listening connection', async () => {
    const { browser, requestId } = await client()
    const path = `/api/v1/admin/service-requests/${requestId}/messages`
    const first = await stream(
      other.url,
      browser,
      `/api/v1/me/service-requests/${requestId}/events`,
    )
    await admin.post(path, { body: 'Before the break' })
    const seen = await first.next(messageWith('Before the break'))
    first.close()
    await admin.post(path, { body: 'While away' })
    const again = await stream(
      kit.api.url,
      browser,
      `/api/v1/me/service-requests/${requestId}/events`,
      { 'last-event-id': seen.id ?? '' },
    )
    await again.next(messageWith('While away'))

    // A page that opens the stream anew after a refusal names the last event in the address.
    await admin.post(path, { body: 'While refused' })
    const reopened = await stream(
      other.url,
      browser,
      `/api/v1/me/service-requests/${requestId}/events?lastEventId=${seen.id ?? ''}`,
    )
    await reopened.next(messageWith('While away'))
    await reopened.next(messageWith('While refused'))
    reopened.close()

    // Every instance's listening connection is cut: each reconnects and catches up.
    const cut = await kit.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN thread_events'`,
    )
    expect(cut.rowCount).toBe(2)
    await admin.post(path, { body: 'After the cut' })
    await again.next(messageWith('After the cut'), 15_000)
  })

  it('keeps a stream alive with heartbeats and counts its reader as present while it lives', async () => {
    const { browser, requestId } = await client()
    const open = await stream(
      kit.api.url,
      browser,
      `/api/v1/me/service-requests/${requestId}/events`,
    )
    await expect
      .poll(() => open.comments.filter((c) => c === 'heartbeat').length)
      .toBeGreaterThan(1)
    const watchers = () =>
      kit.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM thread_watchers
         WHERE request_id = $1 AND seen_at > now() - interval '5 seconds'`,
        [requestId],
      )
    expect((await watchers()).rows[0]?.n).toBe(1)
    open.close()
    await expect.poll(async () => (await watchers()).rows[0]?.n).toBe(0)
  })

  it('keeps a stream open past the server’s request time limit (it bounds receiving a request, not an answer)', async () => {
    const strict = await startApi(kit.database, {
      heartbeatMs: 200,
      limits: {
        requestTimeoutMs: 1_000,
        headersTimeoutMs: 1_000,
        keepAliveTimeoutMs: 1_000,
        maxConnections: 100,
        uploadTimeoutMs: 1_000,
        uploadIdleTimeoutMs: 1_000,
      },
    })
    try {
      const { browser, requestId } = await client()
      const open = await stream(
        strict.url,
        browser,
        `/api/v1/me/service-requests/${requestId}/events`,
      )
      // Three times the limit (and the one-second check interval) with the stream open.
      await expect
        .poll(() => open.comments.filter((c) => c === 'heartbeat').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(15)
      await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
        body: 'Still here',
      })
      await open.next(messageWith('Still here'))
      open.close()
    } finally {
      await strict.close()
    }
  })

  it('ends its open streams when it stops, so a graceful stop does not wait for them', async () => {
    const { browser, requestId } = await client()
    const open = await stream(other.url, browser, `/api/v1/me/service-requests/${requestId}/events`)
    other.child.kill('SIGTERM')
    const code = await exited(other.child, 30_000)
    // A stream left open would outlive the stop's drain budget: exit 1 and `server.stop_forced`.
    expect(code).toBe(0)
    await open.ended
    expect(other.output.join('')).not.toMatch(/stop_forced|stop_failed/)
  })
})
