import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'

/**
 * The e2e server's embedded PostgreSQL as a `DATABASE_URL`: the running server holds its
 * DATA_DIR (a second process may not start the cluster), so a test connects to it like any
 * client, on its socket in the cluster directory (the e2e DATA_DIR is a short temporary path,
 * so the socket lives there), as the owner role the server uses.
 */
export function runningDatabaseUrl(dataDir: string = inject('dataDir')): string {
  const { appUser, appPassword } = JSON.parse(
    readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { readonly appUser: string; readonly appPassword: string }
  const user = `${encodeURIComponent(appUser)}:${encodeURIComponent(appPassword)}`
  return `postgresql://${user}@localhost/agency?host=${encodeURIComponent(join(dataDir, 'postgres'))}`
}

/** `npm run admin:grant -- <email>` against the database the e2e server runs on. */
export function grantAdmin(email: string): void {
  const grant = spawnSync('npm', ['run', '--silent', 'admin:grant', '--', email], {
    env: { ...process.env, DATABASE_URL: runningDatabaseUrl() },
    encoding: 'utf8',
  })
  if (grant.status !== 0) throw new Error(`admin:grant failed: ${grant.stdout}${grant.stderr}`)
}

/**
 * Runs `work` with a connection to the running server's database: for seeding what the API
 * would take too long to make (a hundred enquiries) and for forcing a real failure.
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: runningDatabaseUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Makes the verification links mailed to `email` out of date, as an hour's wait would. */
export function expireVerificationLinks(email: string): Promise<void> {
  return withDatabase(async (db) => {
    await db.query(
      `UPDATE email_verification_tokens SET expires_at = now() - interval '1 minute'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    )
  })
}

/**
 * Makes the request's sent files hold 10 bytes short of its 100 MB quota (one message with one
 * archive's row), so that its next upload is over.
 */
export function fillFileQuota(requestId: string): Promise<void> {
  return withDatabase(async (db) => {
    const sent = await db.query<{ id: string }>(
      `INSERT INTO thread_messages (request_id, author_id, side, body)
       SELECT id, user_id, 'client', 'Archive' FROM service_requests WHERE id = $1 RETURNING id`,
      [requestId],
    )
    await db.query(
      `INSERT INTO thread_files (request_id, message_id, name, size, media_type, sha256, stored_at)
       VALUES ($1, $2, 'archive.pdf', 104857590, 'application/pdf', '', now())`,
      [requestId, sent.rows[0]?.id],
    )
  })
}
