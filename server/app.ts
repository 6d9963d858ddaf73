import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { AuthDeps } from './auth/auth-env'
import { apiNotFound, authPrefix, createAuthRoutes } from './auth/auth-routes'
import { describeError } from './log/describe-error'
import { securityHeaders } from './security/security-headers'
import { createSiteRoutes } from './site/serve-site'

export type AppOptions = {
  readonly clientDir: string
  /** PUBLIC_URL: the origin of canonical, hreflang and sitemap URLs (default: the build's). */
  readonly publicUrl?: string
  /** Resolves when the process's dependencies (the database) answer; rejects otherwise. */
  readonly checkHealth?: () => Promise<void>
  /** The registration API's dependencies; without them `/api/v1/auth/*` is not mounted. */
  readonly auth?: AuthDeps
  /** Behind a reverse proxy: scheme (HSTS, Secure cookies) and client address from X-Forwarded-*. */
  readonly trustProxy?: boolean
}

/** Builds the whole HTTP application; `main.ts` only listens. Tests use it in-process. */
export function createApp({
  clientDir,
  publicUrl,
  checkHealth = async () => {},
  auth,
  trustProxy = false,
}: AppOptions): Hono {
  const app = new Hono()
  // Outermost, so it compresses the final body: the security headers read the page's HTML.
  // (Hashed assets are served precompressed and pass through untouched.)
  app.use('*', compress())
  app.use('*', securityHeaders({ trustProxy }))

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    try {
      await checkHealth()
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })

  if (auth) app.route(authPrefix, createAuthRoutes(auth))
  app.all('/api/*', apiNotFound)

  app.route('/', createSiteRoutes({ clientDir, publicUrl }))

  app.onError((error, c) => {
    console.error(`Unhandled error: ${describeError(error)}`)
    return c.json({ error: 'Internal Server Error' }, 500)
  })

  return app
}
