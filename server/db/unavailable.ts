/**
 * Whether `error` means the database cannot serve right now (stopped, restarting, failing over,
 * hung, out of connections, too slow), as opposed to a bug in a query. Such requests are
 * answered 503 with Retry-After, and succeed again by themselves once the database is back: the
 * pool drops broken connections and opens new ones.
 */
export type DatabaseUnavailable =
  /** No connection within the pool's connect timeout (server hung, or every connection busy). */
  | 'database_connect_timeout'
  /** An open connection got no answer within the query timeout (server or network hung). */
  | 'database_query_timeout'
  /** The server cancelled a statement that ran past `statement_timeout`. */
  | 'database_statement_timeout'
  /** The server gave up waiting for a lock (`lock_timeout`). */
  | 'database_lock_timeout'
  /** Refused, reset, terminated or shutting down. */
  | 'database'

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT'])
const lostConnection =
  /Connection terminated|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)|Cannot use a pool after calling end/i

function kindOf(error: Error): DatabaseUnavailable | undefined {
  const code = (error as Error & { code?: unknown }).code
  // pg's own messages (pg-pool and pg's Client), which carry no code.
  if (/timeout exceeded when trying to connect|due to connection timeout/i.test(error.message))
    return 'database_connect_timeout'
  if (error.message === 'Query read timeout') return 'database_query_timeout'
  if (typeof code === 'string') {
    // query_canceled: by statement_timeout, or by an operator cancelling it.
    if (code === '57014') return 'database_statement_timeout'
    if (code === '55P03') return 'database_lock_timeout'
    // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown).
    if (/^(08|57P)/.test(code) || networkCodes.has(code)) return 'database'
  }
  if (lostConnection.test(error.message)) return 'database'
  return undefined
}

/** Which way the database is unavailable, or undefined when `error` is something else. */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const kind = kindOf(current)
    if (kind) return kind
    current = current.cause
  }
  return undefined
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailable(error) !== undefined
}
