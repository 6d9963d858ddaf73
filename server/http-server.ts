import type { Server } from 'node:http'
import { type ServerType, serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { RequestEnv } from './log/request-log'

/**
 * Limits of the HTTP server, far below Node's defaults (300 s per request, 60 s for headers,
 * no connection cap), so slow or stalled clients cannot hold sockets and memory for minutes.
 */
export type HttpLimits = {
  /** Whole request, headers and body: 30 s. */
  readonly requestTimeoutMs: number
  /** Headers alone (a slowloris client trickling them): 10 s. */
  readonly headersTimeoutMs: number
  /** An idle keep-alive connection is closed after 5 s. */
  readonly keepAliveTimeoutMs: number
  /** Connections beyond this are refused at accept time. */
  readonly maxConnections: number
}

export const defaultHttpLimits: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
}

/**
 * Requests received and not yet answered, per server, each as "METHOD /path" (no query: the
 * log's rule), for a stop that waits for them and names those it had to cut.
 */
type Open = { readonly requests: Map<object, string>; readonly answered: Array<() => void> }
const inFlight = new WeakMap<Server, Open>()

export function listen(
  app: Hono<RequestEnv>,
  {
    hostname,
    port,
    limits = defaultHttpLimits,
  }: { hostname: string; port: number; limits?: HttpLimits },
  onListening?: (port: number) => void,
): ServerType {
  const server = serve(
    {
      fetch: app.fetch,
      hostname,
      port,
      serverOptions: {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // Node checks the two timeouts above on this interval (default 30 s): check every
        // second so they hold to the second.
        connectionsCheckingInterval: 1_000,
      },
    },
    (info) => onListening?.(info.port),
  ) as Server
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  server.maxConnections = limits.maxConnections
  const open: Open = { requests: new Map(), answered: [] }
  inFlight.set(server, open)
  server.on('request', (request, response) => {
    open.requests.set(response, `${request.method} ${(request.url ?? '').split('?')[0]}`)
    // 'close' also fires when the client goes away before its answer.
    response.once('close', () => {
      open.requests.delete(response)
      if (open.requests.size === 0) for (const wake of open.answered.splice(0)) wake()
    })
  })
  return server
}

/** The requests the server is answering now, as "METHOD /path". */
export function requestsInFlight(server: ServerType): string[] {
  return [...(inFlight.get(server as Server)?.requests.values() ?? [])]
}

/**
 * Stops accepting connections, lets the requests in flight be answered, then closes every
 * connection (idle keep-alive ones would otherwise hold the server open until they time out).
 */
export async function stopServing(server: ServerType): Promise<void> {
  const http = server as Server
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  http.closeIdleConnections()
  const open = inFlight.get(http)
  if (open && open.requests.size > 0)
    await new Promise<void>((resolve) => open.answered.push(resolve))
  http.closeAllConnections()
  await closed
}
