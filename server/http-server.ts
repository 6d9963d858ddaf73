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
  return server
}
