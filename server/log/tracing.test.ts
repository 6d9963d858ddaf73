import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { clientWithRequest } from '../test/request-kit'
import { testBackends } from '../test/test-database'
import { requestIdAttribute, startTracing, type Tracing } from './tracing'

/** The spans of one trace, once its HTTP server span has ended. */
async function traceOf(exporter: InMemorySpanExporter, requestId: string, ms = 10_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const spans = exporter.getFinishedSpans()
    const server = spans.find(
      (span) => span.kind === 1 && span.attributes[requestIdAttribute] === requestId,
    )
    if (server) {
      const traceId = server.spanContext().traceId
      return { server, spans: spans.filter((span) => span.spanContext().traceId === traceId) }
    }
    if (Date.now() > deadline) throw new Error(`No server span for request ${requestId}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const isPg = (span: ReadableSpan) => span.name.startsWith('pg.query')

// One database is enough: what is traced is the process's HTTP and pg modules, and tracing starts
// once per process (a second start in the same process finds those modules instrumented already).
describe.each(testBackends().slice(0, 1))('traces on $name', (backend) => {
  const exporter = new InMemorySpanExporter()
  let tracing: Tracing
  let kit: AccountKit

  beforeAll(async () => {
    // After pg and node:http were loaded (this file's imports), as in the server's main.
    tracing = startTracing({ endpoint: 'http://127.0.0.1:4318', serviceName: 'test', exporter })
    kit = await startAccountKit(backend, { tracing: tracing.requestTracing })
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
    await tracing?.shutdown()
  })

  it('traces a request as its route pattern, its request id on every span, its queries as children', async () => {
    const { browser, requestId } = await clientWithRequest(kit)
    const answer = await browser.get(
      `/api/v1/me/service-requests/${requestId}/messages?before=999999999`,
    )
    expect(answer.status).toBe(200)
    const id = answer.headers.get('x-request-id') ?? ''
    expect(id).not.toBe('')
    const { server, spans } = await traceOf(exporter, id)

    expect(server.name).toBe('GET /api/v1/me/service-requests/:id/messages')
    expect(server.attributes['http.route']).toBe('/api/v1/me/service-requests/:id/messages')
    expect(server.attributes['http.response.status_code']).toBe(200)
    const queries = spans.filter(isPg)
    expect(queries.length).toBeGreaterThan(0)
    // The queries hang from the request's span, and every span carries the request's id.
    expect(
      queries.some((span) => span.parentSpanContext?.spanId === server.spanContext().spanId),
    ).toBe(true)
    for (const span of spans) expect(span.attributes[requestIdAttribute], span.name).toBe(id)
    // No id, address or query in a name; no client address, no query among the attributes.
    for (const span of spans) {
      expect(span.name).not.toContain(requestId)
      expect(span.name).not.toMatch(/127\.0\.0\.1|\?/)
    }
    expect(JSON.stringify(server.attributes)).not.toContain('before=')
    expect(server.attributes).toMatchObject({ 'client.address': '', 'network.peer.address': '' })
  })

  it('leaves the probes and work outside a request untraced', async () => {
    exporter.reset()
    const probe = await fetch(`${kit.api.url}/livez`)
    expect(probe.status).toBe(200)
    await kit.database.pool.query('SELECT 1')
    const marker = await fetch(`${kit.api.url}/api/v1/no-such-route`)
    const { server } = await traceOf(exporter, marker.headers.get('x-request-id') ?? '')
    expect(server.name).toBe('GET /api/*')
    // Since the reset: no probe's span, and no query without a request's span above it.
    const recorded = exporter.getFinishedSpans()
    expect(recorded.filter((span) => span.attributes['http.target'] === '/livez')).toEqual([])
    expect(recorded.filter((span) => isPg(span) && !span.parentSpanContext)).toEqual([])
  })
})

describe('tracing off', () => {
  it('loads nothing of OpenTelemetry: only log/tracing.ts imports it, and main.ts imports that only when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const sources = (await readdir('server', { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
    )
    const importers: string[] = []
    for (const file of sources) {
      const text = await readFile(`server/${file}`, 'utf8')
      if (/from '@opentelemetry\//.test(text)) importers.push(file)
      if (/(import|from) '\.\/log\/tracing'/.test(text)) importers.push(`${file} (statically)`)
    }
    expect(importers).toEqual(['log/tracing.ts'])
    expect(await readFile('server/main.ts', 'utf8')).toMatch(
      /config\.tracing\s*\?\s*\(await import\('\.\/log\/tracing'\)\)/,
    )
  })
})
