import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountKit, startAccountKit } from './test/account-kit'
import type { ApiClient } from './test/api-harness'
import { testBackends } from './test/test-database'

/**
 * The HTTP server's time limits, per kind of request, on a real socket: every request must
 * arrive whole within its limit (here 1 s), but a file upload — the one body that rightly takes
 * long on a slow link — has its own, longer one as long as its bytes keep coming; an upload
 * that stops sending is ended. The limits are shrunk so the test takes seconds; the rules are
 * the production ones.
 */
const limits = {
  requestTimeoutMs: 1_000,
  headersTimeoutMs: 1_000,
  keepAliveTimeoutMs: 1_000,
  maxConnections: 100,
  uploadTimeoutMs: 30_000,
  uploadIdleTimeoutMs: 1_500,
}

type Exchange = {
  /** Everything the server sent before it closed the connection. */
  readonly answer: string
  /** The body's bytes written before the server ended the connection (or all of them). */
  readonly written: number
}

/**
 * Sends `method path` with `body` in `pieces` pieces `everyMs` apart on a raw connection —
 * stopping for good after `stopAfter` pieces when given — and resolves once the server closes
 * the connection, with what it answered.
 */
function trickle(
  url: string,
  client: ApiClient,
  request: {
    readonly method: 'POST'
    readonly path: string
    readonly body: Buffer
    readonly contentType: string
    readonly pieces: number
    readonly everyMs: number
    readonly stopAfter?: number
  },
): Promise<Exchange> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const received: Buffer[] = []
    let written = 0
    let closed = false
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', () => {}) // a write after the server ended it: the close says enough
    socket.on('close', () => {
      closed = true
      resolve({ answer: Buffer.concat(received).toString('utf8'), written })
    })
    const headers = {
      host: `${hostname}:${port}`,
      ...client.baseHeaders(),
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': request.contentType,
      'content-length': String(request.body.length),
      connection: 'close',
    }
    socket.once('connect', async () => {
      try {
        socket.write(
          `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}\r\n`,
        )
        const size = Math.ceil(request.body.length / request.pieces)
        for (let piece = 0; piece < request.pieces && !closed; piece += 1) {
          if (request.stopAfter !== undefined && piece >= request.stopAfter) return
          await new Promise((wait) => setTimeout(wait, request.everyMs))
          if (closed) return
          const part = request.body.subarray(piece * size, (piece + 1) * size)
          socket.write(part)
          written += part.length
        }
      } catch (error) {
        reject(error)
      }
    })
  })
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)

describe.each(testBackends())('the server’s time limits on $name', (backend) => {
  let kit: AccountKit
  let browser: ApiClient
  let requestId: string

  beforeAll(async () => {
    kit = await startAccountKit(backend, { limits })
    browser = await kit.signedIn(await kit.verifiedAccount())
    const created = await browser.post('/api/v1/me/service-requests', {
      serviceId: 'branding',
      need: 'A logo and a style guide for our cooperative.',
      desiredStart: 'flexible',
      budget: 'not-sure',
    })
    expect(created.status).toBe(201)
    requestId = (created.body.request as { id: string }).id
    await browser.fetchXsrfToken()
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const notes = Buffer.from('Colours: blue and amber; the logo in both.\n'.repeat(60))
  const uploadPath = (name: string) => `/api/v1/me/uploads?request=${requestId}&name=${name}`
  const unsent = async () =>
    (
      await kit.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1 AND message_id IS NULL',
        [requestId],
      )
    ).rows[0]?.n

  it('lets a slow but steady upload take longer than any other request may', async () => {
    // 20 pieces 150 ms apart: three times the 1 s every other request gets.
    const startedAt = Date.now()
    const { answer, written } = await trickle(kit.api.url, browser, {
      method: 'POST',
      path: uploadPath('notes.txt'),
      body: notes,
      contentType: 'text/plain',
      pieces: 20,
      everyMs: 150,
    })
    expect(Date.now() - startedAt).toBeGreaterThan(limits.requestTimeoutMs)
    expect(statusOf(answer), answer).toBe(201)
    expect(written).toBe(notes.length)
    expect(answer).toContain(`"size":${notes.length}`)
  })

  it('ends an upload that stops sending, and keeps nothing of it', async () => {
    const before = await unsent()
    const { answer, written } = await trickle(kit.api.url, browser, {
      method: 'POST',
      path: uploadPath('stalled.txt'),
      body: notes,
      contentType: 'text/plain',
      pieces: 20,
      everyMs: 50,
      stopAfter: 3,
    })
    expect(written).toBeLessThan(notes.length)
    expect(statusOf(answer), answer).toBe(408)
    await expect.poll(unsent).toBe(before)
  })

  it('still ends any other request whose body arrives slower than its limit', async () => {
    const body = Buffer.from(JSON.stringify({ body: 'A message typed very slowly.', files: [] }))
    const { answer, written } = await trickle(kit.api.url, browser, {
      method: 'POST',
      path: `/api/v1/me/service-requests/${requestId}/messages`,
      body,
      contentType: 'application/json',
      pieces: 20,
      everyMs: 150,
    })
    expect(statusOf(answer), answer).toBe(408)
    expect(written).toBeLessThan(body.length)
  })
})
