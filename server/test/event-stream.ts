import { type Answer, type ApiClient, answerOf } from './api-harness'

/** One server-sent event as received. */
export type ReceivedEvent = { readonly event: string; readonly id?: string; readonly data: string }

/**
 * A browser's EventSource, minus the browser: the stream of `path` with `client`'s cookies,
 * parsed into events (comments counted apart, so a test can wait for a heartbeat).
 */
export type OpenStream = {
  readonly status: number
  readonly headers: Headers
  readonly events: ReceivedEvent[]
  readonly comments: string[]
  /** Resolves with the first received event (past or future) that `match` accepts. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>
  /** Resolves once the server has ended the stream. */
  readonly ended: Promise<void>
  close(): void
}

export async function openEventStream(
  baseUrl: string,
  client: ApiClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const abort = new AbortController()
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { ...client.baseHeaders(), accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  })
  const events: ReceivedEvent[] = []
  const comments: string[] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of waiters) waiter()
  }
  let buffer = ''
  const take = (block: string) => {
    let event = 'message'
    let id: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim())
      else if (line.startsWith('event:')) event = line.slice(6).trim()
      else if (line.startsWith('id:')) id = line.slice(3).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
    }
    if (data.length > 0) events.push({ event, data: data.join('\n'), ...(id ? { id } : {}) })
    wake()
  }
  const ended = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          take(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
      }
    } catch {
      // closed by the test
    } finally {
      wake()
    }
  })()
  let done = false
  void ended.then(() => {
    done = true
    wake()
  })
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (found) {
            finish()
            resolve(found)
          } else if (done) {
            finish()
            reject(new Error(`The stream ended without the event; got ${JSON.stringify(events)}`))
          }
        }
        const timer = setTimeout(() => {
          finish()
          reject(new Error(`No such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`))
        }, timeoutMs)
        const finish = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    close() {
      abort.abort()
    },
  }
}

/** POSTs raw bytes (an upload) with the browser's cookies and XSRF header. */
export async function postBytes(
  baseUrl: string,
  client: ApiClient,
  path: string,
  body: Buffer | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.fetchXsrfToken()
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      ...client.baseHeaders(),
      'content-type': 'application/octet-stream',
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  return answerOf(response)
}

/** GETs raw bytes (a download) with the browser's cookies. */
export async function getBytes(
  baseUrl: string,
  client: ApiClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { ...client.baseHeaders(), ...headers },
  })
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}
