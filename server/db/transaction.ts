import type { Pool, PoolClient } from 'pg'

/**
 * `work` in one transaction on one connection: committed when it resolves, rolled back when it
 * throws or asks for it (`rollback()` then resolve). A connection that failed is destroyed, not
 * returned to the pool.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient, rollback: () => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let failed: Error | undefined
  let rolledBack = false
  try {
    await client.query('BEGIN')
    const result = await work(client, () => {
      rolledBack = true
    })
    await client.query(rolledBack ? 'ROLLBACK' : 'COMMIT')
    return result
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error))
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release(failed)
  }
}
