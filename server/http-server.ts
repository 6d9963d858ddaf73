import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { endpoints } from '../domain/api/api-contract'
import type { RequestEnv } from './log/request-log'

/**
 * Limits of the HTTP server, far below Node's defaults (300 s per request, 60 s for headers,
 * no connection cap), so slow or stalled clients cannot hold sockets and memory for minutes.
 * A file upload is the one request whose body may rightly take longer than 30 s: it has its
 * own limits, as long as bytes keep coming.
 */
export type HttpLimits = {
  /** Whole request, headers and body: 30 s (an upload: `uploadTimeoutMs`). */
  readonly requestTimeoutMs: number
  /** Headers alone (a slowloris client trickling them): 10 s. */
  readonly headersTimeoutMs: number
  /** An idle keep-alive connection is closed after 5 s. */
  readonly keepAliveTimeoutMs: number
  /** Connections beyond this are refused at accept time. */
  readonly maxConnections: number
  /** A whole upload (`POST /api/v1/me/uploads`): the largest file at 1 Mbit/s, 100 s. */
  readonly uploadTimeoutMs: number
  /** An upload from which no byte arrived for this long is stalled and ended: 10 s. */
  readonly uploadIdleTimeoutMs: number
}

export const defaultHttpLimits: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  // 10 MiB at 1 Mbit/s takes 84 s: the largest file on a slow link, with room for it to waver.
  uploadTimeoutMs: 100_000,
  uploadIdleTimeoutMs: 10_000,
}

/**
 * The event streams an instance may hold: half its connections, so pages, the API and `/healthz`
 * always have the other half (server/live/thread-hub.ts; beyond it a stream is answered 503).
 */
export function streamCapOf(limits: HttpLimits): number {
  return Math.floor(limits.maxConnections / 2)
}

/** Whether a request is a file upload (the one request given the upload limits). */
function isUpload(request: IncomingMessage): boolean {
  return (
    request.method === endpoints.uploadFile.method &&
    (request.url ?? '').split('?')[0] === endpoints.uploadFile.path
  )
}

/** What Node itself answers a request that took too long to arrive, before closing. */
const timedOut = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'

/** Ends a request still arriving: a 408 when nothing was answered yet, then the connection. */
function endArriving(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket
  if (!response.headersSent && socket.writable) socket.end(timedOut)
  socket.destroy()
}

/**
 * Node's own request timeout is one number for every request, so the server gives it the
 * upload's (the longest) and holds every other request to its own limit here: from when its
 * message could start (the connection opened, or the connection's previous answer finished: never
 * later than Node would count, so no request gets longer than before), it must have arrived
 * whole within `requestTimeoutMs`. An upload must keep sending: `uploadIdleTimeoutMs` without a
 * byte ends it (its total is Node's check).
 */
function holdToLimits(
  limits: HttpLimits,
  request: IncomingMessage,
  response: ServerResponse,
  messageStart: WeakMap<Socket, number>,
): void {
  const socket = request.socket
  response.once('finish', () => messageStart.set(socket, Date.now()))
  if (isUpload(request)) {
    let lastBytes = socket.bytesRead
    let lastMoved = Date.now()
    const check = setInterval(
      () => {
        if (request.complete) return clearInterval(check)
        if (socket.bytesRead !== lastBytes) {
          lastBytes = socket.bytesRead
          lastMoved = Date.now()
        } else if (Date.now() - lastMoved >= limits.uploadIdleTimeoutMs) {
          clearInterval(check)
          endArriving(request, response)
        }
      },
      Math.min(1_000, Math.max(50, limits.uploadIdleTimeoutMs / 4)),
    )
    check.unref()
    response.once('close', () => clearInterval(check))
    return
  }
  const started = messageStart.get(socket) ?? Date.now()
  const timer = setTimeout(
    () => {
      if (!request.complete) endArriving(request, response)
    },
    Math.max(0, started + limits.requestTimeoutMs - Date.now()),
  )
  timer.unref()
  response.once('close', () => clearTimeout(timer))
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
        // The longest any request may take to arrive; the others are held to theirs below.
        requestTimeout: Math.max(limits.requestTimeoutMs, limits.uploadTimeoutMs),
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
  const messageStart = new WeakMap<Socket, number>()
  server.on('connection', (socket: Socket) => messageStart.set(socket, Date.now()))
  server.on('request', (request, response) => {
    holdToLimits(limits, request, response, messageStart)
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
