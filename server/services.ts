import type { AuthDeps } from './auth/auth-env'
import { defaultRateRules } from './auth/auth-env'
import type { ServerConfig } from './config'
import { type Database, openDatabase } from './db/database'
import { createOutboxWorker } from './mail/outbox-worker'
import { createSmtpSender, defaultFrom } from './mail/smtp-transport'
import { createRateLimiter } from './security/rate-limit'
import { loadSecrets } from './security/secrets'

export type Services = {
  readonly database: Database
  readonly auth: AuthDeps
  /** Stops the mail worker, then closes the database (and stops an embedded server). */
  close(): Promise<void>
}

/** Everything the API needs at run time, started in dependency order. */
export async function startServices(
  config: ServerConfig,
  log: (message: string) => void = console.log,
): Promise<Services> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    log,
  })
  log(`Database: ${database.description}`)
  // Without XSRF_SECRET the key lives in the database, so every instance sharing it signs alike.
  const secrets = await loadSecrets({ pool: database.pool, xsrfSecret: config.xsrfSecret }).catch(
    async (error: unknown) => {
      await database.close()
      throw error
    },
  )
  const smtp = config.smtpUrl
    ? createSmtpSender(config.smtpUrl, config.mailFrom ?? defaultFrom(config.publicUrl))
    : undefined
  const worker = createOutboxWorker({
    pool: database.pool,
    send: smtp?.send,
    publicUrl: config.publicUrl,
    log,
  })
  worker.start()
  if (!smtp)
    log('SMTP_URL is not set: recovery emails stay in the outbox (see the log for each one).')
  return {
    database,
    auth: {
      pool: database.pool,
      db: database.db,
      xsrfKey: secrets.xsrfKey,
      rateLimiter: createRateLimiter(database.pool),
      rateRules: defaultRateRules,
      mail: worker,
      trustProxy: config.trustProxy,
    },
    async close() {
      await worker.stop()
      smtp?.close()
      await database.close()
    },
  }
}
