/**
 * True when `error` means the database cannot be reached right now (stopped, restarting,
 * failing over, out of connections), as opposed to a bug in a query. Such requests are answered
 * 503 with Retry-After, and succeed again by themselves once the database is back: the pool
 * drops broken connections and opens new ones.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT'])
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)|Cannot use a pool after calling end/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code
    // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown).
    if (typeof code === 'string' && (/^(08|57P)/.test(code) || networkCodes.has(code))) return true
    if (lostConnection.test(current.message)) return true
    current = current.cause
  }
  return false
}
