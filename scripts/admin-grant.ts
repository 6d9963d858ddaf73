// `npm run admin:grant -- you@example.com [--revoke]`: gives a registered, verified account the
// admin role (or takes it away), in the database `npm start` uses (DATABASE_URL, or the embedded
// one in DATA_DIR; a local `.env` is read like `npm start` does).
//
// Exit codes: 0 done (or already so), 1 usage or configuration, 2 no such account, 3 address not
// verified, 4 database unavailable.
import { setAccountRole } from '../server/admin/admin-role'
import { openScriptDatabase, scriptConfig } from './script-database'

const usage = 'Usage: npm run admin:grant -- <email> [--revoke]'

async function main(args: readonly string[]): Promise<number> {
  const revoke = args.includes('--revoke')
  const rest = args.filter((arg) => arg !== '--revoke')
  const email = rest[0]
  if (rest.length !== 1 || !email || email.startsWith('-') || !email.includes('@')) {
    console.error(usage)
    return 1
  }
  const config = scriptConfig()
  if (config === 1) return 1
  const database = await openScriptDatabase(config, 1)
  if (database === 4) return 4
  const { pool } = database
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
    await database.close().catch(() => {})
  }
}

/** The admin API answers 403 `mfa_required` until the account has a second factor. */
function warnNoSecondFactor(email: string): void {
  console.warn(
    `Warning: ${email} has no passkey or authenticator app yet. The inbox stays closed (403 mfa_required) until one is added: sign in, open /profile, "Sign-in and security", add a passkey or an authenticator app, then open /admin.`,
  )
}

process.exitCode = await main(process.argv.slice(2))
