import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerType } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readConfig, type ServerConfig } from './config'
import { seedContent } from './content/content-seed'
import { openDatabase } from './db/database'
import { stopGracefully } from './graceful-stop'
import { listen } from './http-server'
import { createLogger, type Logger, logLine } from './log/logger'
import { type MetricsEndpoint, startMetricsEndpoint } from './metrics-endpoint'
import { cardPaymentsOf } from './payments/stripe-client'
import { createDrain } from './probes'
import { type Services, startServices } from './services'
import { createRenderedPages } from './site/rendered-pages'

/**
 * `node main.js --migrate` (`npm run db:migrate`): applies the build's pending migrations and
 * exits, for a deployment that runs them apart from the instances' start (docs/decisions/056).
 */
async function migrateOnly(config: ServerConfig, logger: Logger): Promise<void> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    log: logLine(logger),
    warn: (message) => logger.warn({ event: 'db.connection.lost' }, message),
  })
  const seeded = await seedContent(database.pool).finally(() => database.close())
  logger.info({ event: 'db.migrated', applied: database.applied, seeded })
  logger.flush()
}

/**
 * `node main.js --republish` (`npm run site:republish`): renders every public page that shows
 * the site's content again from the database's published content, stores them for every
 * instance (server/site/rendered-pages.ts) and exits.
 */
async function republishOnly(config: ServerConfig, logger: Logger): Promise<void> {
  // Never migrates (that is `db:migrate`'s job, run when the operator chooses).
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    migrate: false,
    log: logLine(logger),
    warn: (message) => logger.warn({ event: 'db.connection.lost' }, message),
  })
  const pages = createRenderedPages({
    pool: database.pool,
    buildDir: resolve(config.clientDir, '..'),
    publicUrl: config.publicUrl,
  })
  const started = performance.now()
  const done = await pages
    .republish({ all: true })
    .finally(() => pages.close().then(() => database.close()))
  logger.info({
    event: 'site.republished',
    files: done?.files.length ?? 0,
    version: done?.version ?? null,
    ms: Math.round(performance.now() - started),
  })
  logger.flush()
}

async function main(): Promise<void> {
  const config = readConfig(process.env, {
    clientDir: fileURLToPath(new URL('../client', import.meta.url)),
  })
  const logger = createLogger({ level: config.logLevel })
  if (process.argv.includes('--migrate')) return migrateOnly(config, logger)
  if (process.argv.includes('--republish')) return republishOnly(config, logger)
  // Signals are handled from the start: a SIGTERM during start-up still stops the database.
  let services: Services | undefined
  let server: ServerType | undefined
  let metrics: MetricsEndpoint | undefined
  // Before anything is served or queried; imported only when set, so nothing of OpenTelemetry
  // loads otherwise (docs/decisions/066-traces.md).
  const tracing = config.tracing
    ? (await import('./log/tracing')).startTracing(config.tracing)
    : undefined
  if (config.tracing) logger.info({ event: 'tracing.started', endpoint: config.tracing.endpoint })
  let stopping = false
  const drain = createDrain()
  const stopAndExit = async (running: Services) => {
    const code = await stopGracefully({ server, services: running, logger })
    await metrics?.close()
    await tracing?.shutdown().catch(() => undefined)
    logger.info({ event: 'server.stopped', code })
    logger.flush()
    process.exit(code)
  }
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    // /readyz answers 503 from now on; the instance serves on until the load balancer has seen
    // it. SIGINT is a person's Ctrl-C: no load balancer to wait for.
    drain.start()
    const delayMs = services && server && signal === 'SIGTERM' ? config.shutdownDelayMs : 0
    logger.info({ event: 'server.stopping', signal, delayMs })
    if (!services) return // start-up is still under way: main() sees `stopping` and stops what it started.
    const running = services
    setTimeout(() => void stopAndExit(running), delayMs)
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))

  services = await startServices(config, logger)
  if (stopping) {
    await stopAndExit(services)
    return
  }
  const app = createApp({
    clientDir: config.clientDir,
    publicUrl: config.publicUrl,
    checkHealth: services.database.check,
    migrationsPending: services.database.migrationsPending,
    drain,
    auth: services.auth,
    agencyEmail: config.agencyEmail,
    agencyTimeZone: config.agencyTimeZone,
    live: services.live,
    digestDelaySeconds: config.digestDelaySeconds,
    agencyLocale: config.agencyLocale,
    speiAccount: config.speiAccount,
    ...(config.stripe ? { cardPayments: cardPaymentsOf(config.stripe, config.publicUrl) } : {}),
    trustProxy: config.trustProxy,
    logger,
    ...(tracing ? { tracing: tracing.requestTracing } : {}),
  })
  server = listen(app, { hostname: config.host, port: config.port }, (port) => {
    logger.info(
      { event: 'server.listening' },
      `Listening on http://${config.host}:${port} (public URL ${config.publicUrl})`,
    )
  })
  // After the app listens: a stop from here on has the server to stop (and exits the process,
  // metrics endpoint included).
  if (config.metricsPort !== undefined) {
    metrics = await startMetricsEndpoint(
      { host: config.host, port: config.metricsPort },
      { pool: services.database.pool, live: services.live },
    )
    logger.info({ event: 'metrics.listening', port: metrics.port })
  }
}

main().catch((error: unknown) => {
  // Configuration problems are one readable list on stderr; anything else with its stack.
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
