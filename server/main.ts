import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readConfig } from './config'
import { type Services, startServices } from './services'

async function main(): Promise<void> {
  const config = readConfig(process.env, {
    clientDir: fileURLToPath(new URL('../client', import.meta.url)),
  })
  // Signals are handled from the start: a SIGTERM during start-up still stops the database.
  let services: Services | undefined
  let server: ReturnType<typeof serve> | undefined
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    const finish = (code: number) => {
      const closing = services?.close() ?? Promise.resolve()
      closing
        .catch((error: unknown) =>
          console.error('Shutdown:', error instanceof Error ? error.message : error),
        )
        .finally(() => process.exit(code))
    }
    // Requests in flight finish first; then the mail worker and the database stop.
    setTimeout(() => {
      console.error('Requests still open after 10 s: closing anyway')
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

  services = await startServices(config)
  if (stopping) {
    await services.close()
    process.exit(0)
  }
  const app = createApp({
    clientDir: config.clientDir,
    publicUrl: config.publicUrl,
    checkHealth: services.database.check,
    auth: services.auth,
    trustProxy: config.trustProxy,
  })
  server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    console.log(`Listening on http://${config.host}:${info.port} (public URL ${config.publicUrl})`)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
