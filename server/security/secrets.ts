import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'

export type Secrets = {
  /** HMAC-SHA256 key that signs XSRF tokens. */
  readonly xsrfKey: Buffer
}

/**
 * XSRF_SECRET from the environment when set; otherwise a 256-bit key kept in PostgreSQL
 * (`app_secrets`), so every instance sharing the database signs alike and tokens survive
 * restarts. Nothing that must be shared lives in one process or one DATA_DIR.
 */
export async function loadSecrets({
  pool,
  xsrfSecret,
}: {
  pool: Pool
  xsrfSecret?: string | undefined
}): Promise<Secrets> {
  if (xsrfSecret) return { xsrfKey: Buffer.from(xsrfSecret, 'utf8') }
  // Offer a fresh key, then read whichever one is stored: the first instance to get here stores
  // its key (a concurrent insert waits for it, then does nothing), and every instance — now or
  // after a restart — reads that same key.
  await pool.query(
    'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    ['xsrf', randomBytes(32).toString('base64url')],
  )
  const { rows } = await pool.query<{ value: string }>(
    'SELECT value FROM app_secrets WHERE name = $1',
    ['xsrf'],
  )
  const key = Buffer.from(rows[0]?.value ?? '', 'base64url')
  if (key.length < 32) throw new Error('app_secrets does not hold a valid XSRF key')
  return { xsrfKey: key }
}
