// A request's bounds on PostgreSQL, apart from the pool that applies them (db/database.ts): the
// configuration reads its default without loading the database code, which needs the bundler.

/**
 * How long a request waits for PostgreSQL before it is answered 503 `unavailable`. A stopped
 * server refuses connections at once, but a hung one (frozen process, dead network path, stalled
 * disk) accepts bytes and answers nothing, so only these bounds end the wait. A request on a
 * hung database either finds an idle connection (its query times out) or waits for one (the
 * wait times out): it is answered within DATABASE_WAIT_MS (2 s by default) of reaching the
 * database, well inside the HTTP request timeout.
 */
export type DatabaseTimeouts = {
  /** Waiting for a free connection of the pool, or for a new one to be opened. */
  readonly connectMs: number
  /** Client side: no answer to a query in this long means the server or the path is hung. */
  readonly queryMs?: number
  /**
   * Server side (`statement_timeout`): a statement still running is cancelled, the connection
   * stays usable. Shorter than `queryMs`, so a merely slow statement is stopped by the server.
   */
  readonly statementMs?: number
  /** Server side (`lock_timeout`): waiting for a row or table lock, within `statementMs`. */
  readonly lockMs?: number
}

/** A request's wait on the database unless DATABASE_WAIT_MS says otherwise. */
export const defaultDatabaseWaitMs = 2000

/**
 * The bounds of a request that may wait `waitMs` in all: for a connection, or for a query's
 * answer; the server stops a statement at ¾ of it and a lock wait at ½, so that a merely slow
 * statement is ended by the server and its connection stays usable.
 */
export function requestTimeoutsFor(waitMs: number): DatabaseTimeouts {
  return {
    connectMs: waitMs,
    queryMs: waitMs,
    statementMs: Math.round(waitMs * 0.75),
    lockMs: Math.round(waitMs * 0.5),
  }
}

/** Production's bounds: 2 s for a connection or an answer, 1.5 s a statement, 1 s a lock. */
export const requestTimeouts: DatabaseTimeouts = requestTimeoutsFor(defaultDatabaseWaitMs)

/**
 * Migrations, at start-up: another instance may hold the migration lock while it migrates, and
 * a migration may rewrite a big table, so only connecting is bounded.
 */
export const migrationTimeouts: DatabaseTimeouts = { connectMs: 10_000 }
