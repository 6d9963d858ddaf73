import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { clientAddress, type ProxyTrust, peerIsProxy } from '../security/client-ip'
import type { Logger } from './logger'
import { methodLabel, requestDuration, routeLabel } from './metrics'
import type { RequestTracing } from './request-tracing'

/** What every request carries from the first middleware on (Hono context variables). */
export type RequestVariables = {
  readonly requestId: string
  /** The request's logger: every line it writes carries the request id. */
  readonly log: Logger
  /** The client's address key (IPv6 grouped per /64), see security/client-ip.ts. */
  readonly clientIp: string
  /** The API route that answered, as its contract pattern (set by the API router; metrics). */
  readonly route?: string
}
export type RequestEnv = { Variables: RequestVariables }

export const requestIdHeader = 'X-Request-Id'
/**
 * An id our own proxy assigned (the peer is trusted by TRUST_PROXY) is kept when it looks like
 * one, so its log and ours share it; a client's own X-Request-Id, or anything malformed, is
 * replaced: a client must not choose the id its lines are filed under (colliding with another
 * request's, or posing as a proxy's).
 */
const acceptableRequestId = /^[A-Za-z0-9._:-]{8,64}$/

/**
 * One JSON line per request (`event: "http.request"`): method, path (never the query, which may
 * carry a reset token), status, duration and client address, under a request id that is echoed
 * in X-Request-Id so a user's report can be matched to the log. The same duration goes to the
 * metrics, by route pattern (log/metrics.ts).
 */
export function requestLog({
  logger,
  trustProxy,
  tracing,
}: {
  logger: Logger
  trustProxy: ProxyTrust
  /** With OTEL_EXPORTER_OTLP_ENDPOINT: the request's spans carry its id and route pattern. */
  tracing?: RequestTracing | undefined
}): MiddlewareHandler<RequestEnv> {
  return async (c, next) => {
    const started = performance.now()
    const incoming = peerIsProxy(c, trustProxy) ? c.req.header(requestIdHeader) : undefined
    const requestId = incoming && acceptableRequestId.test(incoming) ? incoming : randomUUID()
    const clientIp = clientAddress(c, trustProxy)
    const log = logger.child({ requestId })
    c.set('requestId', requestId)
    c.set('clientIp', clientIp)
    c.set('log', log)
    try {
      await (tracing
        ? tracing.around(requestId, next, () => ({
            method: methodLabel(c.req.method),
            route: routeLabel(c.req.path, c.get('route')),
          }))
        : next())
    } finally {
      c.res.headers.set(requestIdHeader, requestId)
      const status = c.res.status
      const ms = performance.now() - started
      log[status >= 500 ? 'error' : 'info']({
        event: 'http.request',
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status,
        ms: Math.round(ms * 10) / 10,
        ip: clientIp,
      })
      requestDuration.observe(
        {
          method: methodLabel(c.req.method),
          route: routeLabel(c.req.path, c.get('route')),
          status: String(status),
        },
        ms / 1000,
      )
    }
  }
}
