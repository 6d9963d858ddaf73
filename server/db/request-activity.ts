import type { PoolClient } from 'pg'

/**
 * Moves a request's last activity (the inbox's default order) to `at` unless it is already
 * later: called in the transaction of every public message, status change and proposal change.
 */
export async function noteActivity(
  client: PoolClient,
  requestId: string,
  at: Date | undefined = undefined,
): Promise<void> {
  await client.query(
    `UPDATE service_requests SET last_activity_at = greatest(last_activity_at, coalesce($2, now()))
     WHERE id = $1`,
    [requestId, at ?? null],
  )
}
