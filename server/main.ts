import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readConfig } from './config'

async function main(): Promise<void> {
  const config = readConfig(process.env, {
    clientDir: fileURLToPath(new URL('../client', import.meta.url)),
  })
  const app = createApp({ clientDir: config.clientDir })
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    console.log(`Listening on http://${config.host}:${info.port} (public URL ${config.publicUrl})`)
  })

  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down`)
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
