// `npm run admin:grant -- you@example.com [--revoke]`: gives a registered, verified account the
// admin role (or takes it away), in the database `npm start` uses (DATABASE_URL, or the embedded
// one in DATA_DIR; a local `.env` is read like `npm start` does).
//
// Exit codes: 0 done (or already so), 1 usage or configuration, 2 no such account, 3 address not
// verified, 4 database unavailable.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { setAccountRole } from '../server/admin/admin-role'
import { ConfigError, readConfig } from '../server/config'
import { startEmbeddedPostgres } from '../server/db/embedded-postgres'

const root = fileURLToPath(new URL('..', import.meta.url))
const usage = 'Usage: npm run admin:grant -- <email> [--revoke]'

async function main(args: readonly string[]): Promise<number> {
  const revoke = args.includes('--revoke')
  const rest = args.filter((arg) => arg !== '--revoke')
  const email = rest[0]
  if (rest.length !== 1 || !email || email.startsWith('-') || !email.includes('@')) {
    console.error(usage)
    return 1
  }
  const envFile = join(root, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  let config: ReturnType<typeof readConfig>
  try {
    config = readConfig(process.env, { clientDir: join(root, 'dist/client') })
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error))
    return 1
  }
  // The pool is opened here rather than with the server's openDatabase, which also runs the
  // migrations and is bundled by Vite: the schema is the running server's to bring up to date.
  let pool: pg.Pool
  let stop = async () => {}
  try {
    if (config.databaseUrl) pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 })
    else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} })
      pool = new pg.Pool({ ...embedded.connection, max: 1 })
      stop = () => embedded.stop()
    }
    await pool.query('SELECT 1')
  } catch (error) {
    console.error(
      `The database is not available: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 4
  }
  try {
    const change = await setAccountRole(pool, email, revoke ? 'client' : 'admin')
    switch (change.outcome) {
      case 'no_account':
        console.error(`No account is registered with ${email}. Register it on the site first.`)
        return 2
      case 'unverified':
        console.error(
          `The account ${email} has not confirmed its email address yet: open the confirmation link first.`,
        )
        return 3
      case 'unchanged':
        console.log(
          revoke
            ? `${change.email} is not an admin: nothing to do.`
            : `${change.email} is already an admin: nothing to do.`,
        )
        if (!revoke && !change.hasSecondFactor) warnNoSecondFactor(change.email)
        return 0
      case 'changed':
        console.log(
          revoke
            ? `${change.email} is no longer an admin.`
            : `${change.email} is now an admin: the inbox is at /admin after signing in.`,
        )
        if (!revoke && !change.hasSecondFactor) warnNoSecondFactor(change.email)
        return 0
    }
  } catch (error) {
    console.error(
      `The database is not available: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 4
  } finally {
    await pool.end().catch(() => {})
    await stop().catch(() => {})
  }
}

/** The admin API answers 403 `mfa_required` until the account has a second factor. */
function warnNoSecondFactor(email: string): void {
  console.warn(
    `Warning: ${email} has no passkey or authenticator app yet. The inbox stays closed (403 mfa_required) until one is added: sign in, open /profile, "Sign-in and security", add a passkey or an authenticator app, then open /admin.`,
  )
}

process.exitCode = await main(process.argv.slice(2))
