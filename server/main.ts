import { fileURLToPath } from 'node:url'
import type { ServerType } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readConfig } from './config'
import { stopGracefully } from './graceful-stop'
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
  const stopAndExit = async (running: Services) => {
    const code = await stopGracefully({ server, services: running, logger })
    logger.info({ event: 'server.stopped', code })
    logger.flush()
    process.exit(code)
  }
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ event: 'server.stopping', signal })
    if (services) void stopAndExit(services)
    // else start-up is still under way: main() sees `stopping` and stops what it started.
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
    auth: services.auth,
    agencyEmail: config.agencyEmail,
    live: services.live,
    digestDelaySeconds: config.digestDelaySeconds,
    agencyLocale: config.agencyLocale,
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
