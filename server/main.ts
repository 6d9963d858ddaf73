import { fileURLToPath } from 'node:url'
import type { ServerType } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readConfig } from './config'
import { listen } from './http-server'
import { createLogger } from './log/logger'
import { type Services, startServices } from './services'

async function main(): Promise<void> {
  const config = readConfig(process.env, {
    clientDir: fileURLToPath(new URL('../client', import.meta.url)),
  })
  const logger = createLogger({ level: config.logLevel })
  // Signals are handled from the start: a SIGTERM during start-up still stops the database.
  let services: Services | undefined
  let server: ServerType | undefined
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ event: 'server.stopping', signal })
    const finish = (code: number) => {
      const closing = services?.close() ?? Promise.resolve()
      closing
        .catch((error: unknown) =>
          logger.error({
            event: 'server.stop_failed',
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => {
          logger.info({ event: 'server.stopped', code })
          logger.flush()
          process.exit(code)
        })
    }
    // Requests in flight finish first; then the mail worker and the database stop.
    setTimeout(() => {
      logger.error({ event: 'server.stop_forced', reason: 'requests still open after 10 s' })
      if (server && 'closeAllConnections' in server) server.closeAllConnections()
      finish(1)
    }, 10_000).unref()
    if (server) {
      server.close(() => finish(0))
      // Idle keep-alive sockets would otherwise hold close() open until they time out.
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    } else if (services) finish(0)
    // else start-up is still under way: main() sees `stopping` and closes what it opened.
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))

  services = await startServices(config, logger)
  if (stopping) {
    await services.close()
    process.exit(0)
  }
  const app = createApp({
    clientDir: config.clientDir,
    publicUrl: config.publicUrl,
    checkHealth: services.database.check,
    auth: services.auth,
    agencyEmail: config.agencyEmail,
    trustProxy: config.trustProxy,
    logger,
  })
  server = listen(app, { hostname: config.host, port: config.port }, (port) => {
    logger.info(
      { event: 'server.listening' },
      `Listening on http://${config.host}:${port} (public URL ${config.publicUrl})`,
    )
  })
}

main().catch((error: unknown) => {
  // Configuration problems are one readable list on stderr; anything else with its stack.
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
