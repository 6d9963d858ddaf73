import { Hono } from 'hono'
import { createSiteRoutes } from './site/serve-site'

export type AppOptions = {
  readonly clientDir: string
  /** Resolves when the process's dependencies (the database) answer; rejects otherwise. */
  readonly checkHealth?: () => Promise<void>
}

/** Builds the whole HTTP application; `main.ts` only listens. Tests use it in-process. */
export function createApp({ clientDir, checkHealth = async () => {} }: AppOptions): Hono {
  const app = new Hono()

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    try {
      await checkHealth()
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })

  app.route('/', createSiteRoutes({ clientDir }))

  app.onError((error, c) => {
    console.error('Unhandled error:', error instanceof Error ? error.message : error)
    return c.json({ error: 'Internal Server Error' }, 500)
  })

  return app
}
