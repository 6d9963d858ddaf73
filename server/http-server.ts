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

/** Requests received and not yet answered, per server (for a stop that waits for them). */
const inFlight = new WeakMap<Server, { count: number; answered: Array<() => void> }>()

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
  const requests = { count: 0, answered: [] as Array<() => void> }
  inFlight.set(server, requests)
  server.on('request', (_request, response) => {
    requests.count += 1
    // 'close' also fires when the client goes away before its answer.
    response.once('close', () => {
      requests.count -= 1
      if (requests.count === 0) for (const wake of requests.answered.splice(0)) wake()
    })
  })
  return server
}

/** How many requests the server is answering now. */
export function requestsInFlight(server: ServerType): number {
  return inFlight.get(server as Server)?.count ?? 0
}

/**
 * Stops accepting connections, lets the requests in flight be answered, then closes every
 * connection (idle keep-alive ones would otherwise hold the server open until they time out).
 */
export async function stopServing(server: ServerType): Promise<void> {
  const http = server as Server
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  http.closeIdleConnections()
  const requests = inFlight.get(http)
  if (requests && requests.count > 0)
    await new Promise<void>((resolve) => requests.answered.push(resolve))
  http.closeAllConnections()
  await closed
}
