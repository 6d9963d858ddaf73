import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { factorKeyFile } from '../../server/security/factor-key'
import { exited, type RunningServer, startServerProcess } from '../../server/test/server-process'
import { instanceSettings } from './instance-settings'
import { runningDatabaseUrl } from './running-database'

/**
 * Another instance of the built site on the e2e server's PostgreSQL (as a deployment runs N of
 * them): the same build, database, mail server and authenticator key, its own port and process,
 * nothing in memory shared with the first. On `localhost` like the first, so a browser's
 * session cookie (host-wide, whatever the port) signs it in on both.
 */
export async function startSecondInstance(): Promise<RunningServer & { stop(): Promise<void> }> {
  const dataDir = inject('dataDir')
  const server = await startServerProcess(
    inject('buildDir'),
    {
      ...instanceSettings,
      DATABASE_URL: runningDatabaseUrl(dataDir),
      SMTP_URL: inject('smtpUrl'),
      TOTP_ENCRYPTION_KEY: readFileSync(join(dataDir, factorKeyFile), 'utf8').trim(),
    },
    90_000,
    'localhost',
  )
  return {
    ...server,
    stop: async () => {
      if (server.child.exitCode !== null) return
      server.child.kill('SIGTERM')
      await exited(server.child, 30_000)
    },
  }
}
