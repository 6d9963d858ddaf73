import { resolve } from 'node:path'
import { factorKeyOf, type ServerConfig } from './config'
import { seedContent } from './content/content-seed'
import { type Database, openDatabase } from './db/database'
import { requestTimeoutsFor } from './db/timeouts'
import type { ApiDeps } from './http/api-env'
import { defaultRateRules } from './http/rate-rules'
import { defaultHttpLimits, streamCapOf } from './http-server'
import { type InboundListener, startInboundListener } from './inbound/inbound-listener'
import { createThreadHub, logStreamEnded, type ThreadHub } from './live/thread-hub'
import { describeError } from './log/describe-error'
import { type Logger, logLine } from './log/logger'
import { createOutboxWorker } from './mail/outbox-worker'
import { type ReplyAddresses, replyKeyOf } from './mail/reply-address'
import { createSmtpSender, defaultFrom } from './mail/smtp-transport'
import { mailKinds } from './mail-kinds'
import { createCleanup } from './maintenance/cleanup'
import { createHashSlots } from './security/hash-slots'
import { createRateLimiter } from './security/rate-limit'
import { loadSecrets } from './security/secrets'
import { relyingPartyOf } from './security/webauthn'
import { createRenderedPages } from './site/rendered-pages'
import { createFileBytes } from './storage/file-bytes'

export type Services = {
  readonly database: Database
  readonly auth: ApiDeps
  /** The live events of this instance (one listening connection, its open streams). */
  readonly live: ThreadHub
  /** The SMTP listener of replies by email, when INBOUND_SMTP_PORT is set. */
  readonly inbound: InboundListener | undefined
  /**
   * Closes the listener of replies by email (a sending server cut off mid-mail delivers it again,
   * here or to another instance), ends the open event streams (so the requests in flight can
   * finish), stops the clean-up and the mail worker: the mail in hand is finished, the other
   * claimed mails go back to the queue, due at once for the next start or another instance.
   */
  stopBackground(): Promise<void>
  /**
   * Stops the background work, then closes SMTP and the database (and an embedded server).
   * `abandonMail`: close without waiting for a mail still with SMTP (it stays claimed and is sent
   * again when its lease ends). Both run once, however often they are called.
   */
  close(options?: { abandonMail?: boolean }): Promise<void>
}

/** Everything the API needs at run time, started in dependency order. */
export async function startServices(config: ServerConfig, logger: Logger): Promise<Services> {
  const log = logLine(logger)
  // Before the database: a missing key stops the start with a configuration error.
  const factorKey = factorKeyOf(config)
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    log,
    warn: (message) => logger.warn({ event: 'db.connection.lost' }, message),
    timeouts: requestTimeoutsFor(config.databaseWaitMs),
    migrate: config.migrateOnStart,
  })
  log(`Database: ${database.description}`)
  if (!config.migrateOnStart)
    log(
      'MIGRATE_ON_START=false: migrations are left to `npm run db:migrate` (/readyz waits for them)',
    )
  // Without XSRF_SECRET the key lives in the database, so every instance sharing it signs alike.
  const secrets = await loadSecrets({ pool: database.pool, xsrfSecret: config.xsrfSecret }).catch(
    async (error: unknown) => {
      await database.close()
      throw error
    },
  )
  // The site's content as shipped, once per database (docs/decisions/059). It is data that comes
  // with the schema, so it goes in where the migrations run: here, or in `npm run db:migrate`.
  if (config.migrateOnStart && (await seedContent(database.pool))) log('Seeded the site content')
  const smtp = config.smtpUrl
    ? createSmtpSender(config.smtpUrl, config.mailFrom ?? defaultFrom(config.publicUrl))
    : undefined
  const replies: ReplyAddresses | undefined = config.inbound && {
    key: replyKeyOf(secrets.xsrfKey),
    domain: config.inbound.domain,
  }
  const worker = createOutboxWorker({
    kinds: mailKinds,
    pool: database.pool,
    send: smtp?.send,
    publicUrl: config.publicUrl,
    replies,
    log,
  })
  worker.start()
  const files = createFileBytes({
    pool: database.pool,
    uploadTo: config.fileStorage,
    bucket: config.bucket,
  })
  if (config.bucket)
    log(
      `Files: new uploads in ${config.fileStorage === 's3' ? `bucket ${config.bucket.bucket}` : 'PostgreSQL'}`,
    )
  const cleanup = createCleanup({ pool: database.pool, logger, files })
  cleanup.start()
  const live = createThreadHub({
    pool: database.pool,
    connect: database.connectSession,
    limits: { perInstance: streamCapOf(defaultHttpLimits) },
    log: (message) => logger.warn({ event: 'live.connection' }, message),
    onEnded: logStreamEnded(logger),
  })
  // The pages publishing rendered again, in memory before anything is served.
  const published = createRenderedPages({
    pool: database.pool,
    connect: database.connectSession,
    buildDir: resolve(config.clientDir, '..'),
    publicUrl: config.publicUrl,
    // A number other than the one the stored pages show renders them again at start (below).
    facts: { whatsapp: config.agencyWhatsapp ?? null },
    log: (message) => logger.warn({ event: 'site.published_pages' }, message),
  })
  await published.start().catch(async (error: unknown) => {
    cleanup.stop()
    await Promise.all([live.close(), worker.stop(), published.close()])
    await database.close()
    throw error
  })
  // Pages another build stored name that build's files: this one renders them again (in the
  // background; until then it serves its own build's pages, see rendered-pages.ts). Nothing
  // when they are this build's; nothing either while the database lacks this build's
  // migrations (`MIGRATE_ON_START=false` before `db:migrate`: not ready, nothing to render into).
  void database
    .migrationsPending()
    .then((pending) => (pending === 0 ? published.republish() : undefined))
    .catch((error: unknown) =>
      logger.error({ event: 'site.publish_failed', error: describeError(error) }),
    )
  const rateLimiter = createRateLimiter(database.pool)
  const inbound =
    config.inbound && replies
      ? await startInboundListener({
          pool: database.pool,
          files,
          logger,
          replies,
          host: config.host,
          port: config.inbound.port,
          agencyEmail: config.agencyEmail,
          agencyLocale: config.agencyLocale,
          digestDelaySeconds: config.digestDelaySeconds,
          rateLimiter,
          rateRules: defaultRateRules,
        }).catch(async (error: unknown) => {
          cleanup.stop()
          await Promise.all([live.close(), worker.stop(), published.close()])
          await database.close()
          throw error
        })
      : undefined
  if (inbound)
    logger.info(
      { event: 'inbound.listening', port: inbound.port },
      `Replies by email: SMTP on ${config.host}:${inbound.port} for reply+…@${config.inbound?.domain}`,
    )
  let stopping: Promise<void> | undefined
  let closing: Promise<void> | undefined
  const stopBackground = () => {
    stopping ??= (async () => {
      cleanup.stop()
      await Promise.all([inbound?.close(), live.close(), worker.stop(), published.close()])
    })()
    return stopping
  }
  if (!smtp)
    log('SMTP_URL is not set: recovery emails stay in the outbox (see the log for each one).')
  return {
    database,
    live,
    inbound,
    auth: {
      pool: database.pool,
      db: database.db,
      xsrfKey: secrets.xsrfKey,
      rateLimiter,
      rateRules: defaultRateRules,
      mail: worker,
      trustProxy: config.trustProxy,
      hashSlots: createHashSlots(),
      factorKey,
      files,
      relyingParty: relyingPartyOf(config.publicUrl),
      published,
    },
    stopBackground,
    close({ abandonMail = false } = {}) {
      closing ??= (async () => {
        const background = stopBackground()
        if (!abandonMail) await background
        smtp?.close()
        files.close()
        await database.close()
      })()
      return closing
    },
  }
}
