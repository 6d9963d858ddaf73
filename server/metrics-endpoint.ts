import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Pool } from 'pg'
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { ThreadHub } from './live/thread-hub'
import { metricsRegistry } from './log/metrics'

/**
 * `GET /metrics` in Prometheus's text format, on a port of its own (METRICS_PORT), never on the
 * public one: the load balancer forwards PORT only, so the figures stay inside the network and no
 * token needs keeping or rotating (docs/decisions/055). Serves the counters of log/metrics.ts and
 * what is read when scraped: the database pool, the mail outbox, the open event streams, and the
 * process's own (memory, CPU, event-loop delay: prom-client's default metrics).
 */
export type MetricsEndpoint = {
  readonly port: number
  close(): Promise<void>
}

export type MetricsSources = {
  readonly pool: Pool
  readonly live: ThreadHub
}

/** The outbox is read once per scrape, however many of its gauges ask. */
const outboxReadMs = 1000

/**
 * prom-client's process figures. The event-loop delay is sampled every 100 ms, not every 10 ms
 * (its default): a sample is a timer that wakes the process, and a hundred a second cost an idle
 * instance ~6 ms of CPU each second (`npm run bench:api`, idle figures); ten a second still give
 * a scrape interval's percentiles hundreds of samples, each measured to the nanosecond.
 */
export const processMetricsOptions = { eventLoopMonitoringPrecision: 100 } as const

function scrapedMetrics({ pool, live }: MetricsSources): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, ...processMetricsOptions })
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: "Connections of this instance's database pool handed out to requests now",
    registers: [registry],
    collect() {
      this.set(pool.totalCount - pool.idleCount)
    },
  })
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Requests waiting for a connection of the pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount)
    },
  })
  new Gauge({
    name: 'live_streams_open',
    help: 'Event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(live.openStreams)
    },
  })
  let outbox: { readonly at: number; readonly read: Promise<OutboxFigures> } | undefined
  const readOutbox = () => {
    if (!outbox || Date.now() - outbox.at > outboxReadMs)
      outbox = { at: Date.now(), read: outboxFigures(pool) }
    return outbox.read
  }
  // The outbox is shared by every instance: each reports the same figure (take the max, not the sum).
  new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Mails waiting in the outbox (all instances: the same figure from each)',
    registers: [registry],
    async collect() {
      const figures = await readOutbox()
      if (figures) this.set(figures.pending)
    },
  })
  new Gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
    registers: [registry],
    async collect() {
      const figures = await readOutbox()
      if (figures) this.set(figures.oldestSeconds)
    },
  })
  return Registry.merge([metricsRegistry, registry])
}

type OutboxFigures = { readonly pending: number; readonly oldestSeconds: number } | undefined

/** The outbox's backlog; undefined when the database does not answer (the gauges keep their last). */
async function outboxFigures(pool: Pool): Promise<OutboxFigures> {
  try {
    const { rows } = await pool.query<{ pending: number; oldest: number }>(
      `SELECT count(*)::int AS pending,
         coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
       FROM mail_outbox WHERE status = 'pending'`,
    )
    const row = rows[0]
    return row ? { pending: row.pending, oldestSeconds: row.oldest } : undefined
  } catch {
    return undefined
  }
}

/** Listens on `host`:`port`; resolves once listening. */
export async function startMetricsEndpoint(
  { host, port }: { readonly host: string; readonly port: number },
  sources: MetricsSources,
): Promise<MetricsEndpoint> {
  const registry = scrapedMetrics(sources)
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n')
      return
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType }).end(text)
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
