import { Counter, Histogram, Registry } from 'prom-client'

/**
 * What this instance counts for Prometheus (docs/decisions/055): the events the code sees as
 * they happen. Each instance counts its own and Prometheus adds them up across instances (a
 * counter of one process is the one thing that rightly lives in its memory). The figures read
 * when scraped (the database pool, the outbox, the open streams, the process's own) are added
 * by the metrics endpoint (server/metrics-endpoint.ts). Labels are always from a small fixed
 * set: a route's pattern, never its ids; no address, account or email.
 */
export const metricsRegistry = new Registry()

/** The methods a route label keeps; any other is counted as `OTHER`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The probes, named as they are; every other path outside the API is the site's. */
const probePaths = new Set(['/livez', '/readyz', '/healthz'])

/**
 * Time until an answer's headers (a stream's open, not its life), by route pattern, method and
 * status: the API's routes by their contract path (`/api/v1/service-requests/:id`), any other
 * `/api/` address as `/api/*`, the probes by name, the rest as `/assets/*` or `(site)`.
 */
export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time until the answer, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
})

/** The route label of a request: `apiRoute` (the contract's pattern) when an API route answered. */
export function routeLabel(path: string, apiRoute: string | undefined): string {
  if (apiRoute) return apiRoute
  if (path === '/api' || path.startsWith('/api/')) return '/api/*'
  if (probePaths.has(path)) return path
  if (path.startsWith('/assets/')) return '/assets/*'
  return '(site)'
}

export function methodLabel(method: string): string {
  return knownMethods.has(method) ? method : 'OTHER'
}

export const mailsSent = new Counter({
  name: 'mail_sent_total',
  help: 'Mails the SMTP server accepted',
  registers: [metricsRegistry],
})

export const mailsRefused = new Counter({
  name: 'mail_refused_total',
  help: 'Mails the SMTP server refused or failed to take (retried later unless given up)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
})

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests answered 429 past a rate rule or a cap, by rule',
  labelNames: ['rule'] as const,
  registers: [metricsRegistry],
})

/**
 * Requests the API answered 503 because the database could not serve them, by reason:
 * `statement_timeout` (a statement ran past the server's statement_timeout), `lock_timeout`,
 * `query_timeout` (no answer: the server or the path hung), `connect_timeout` (no connection
 * in time: every one busy, or none opens), `unreachable` (refused, reset, shutting down).
 */
export const databaseUnavailableAnswers = new Counter({
  name: 'db_unavailable_answers_total',
  help: 'Requests answered 503 because the database could not serve them, by reason (statement_timeout, lock_timeout, query_timeout, connect_timeout, unreachable)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
})

/** The reason label of a `database_…` unavailability (db/unavailable.ts). */
export function unavailableReason(kind: string): string {
  return kind === 'database' ? 'unreachable' : kind.replace(/^database_/, '')
}

export const uploadsStored = new Counter({
  name: 'uploads_stored_total',
  help: 'Files uploaded and stored',
  registers: [metricsRegistry],
})

export const uploadedBytes = new Counter({
  name: 'uploads_stored_bytes_total',
  help: 'Bytes of the files uploaded and stored',
  registers: [metricsRegistry],
})
