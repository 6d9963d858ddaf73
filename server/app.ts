import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { AuthDeps } from './auth/auth-env'
import { apiNotFound, createAuthRoutes } from './auth/auth-routes'
import { isDatabaseUnavailable } from './db/unavailable'
import { describeError } from './log/describe-error'
import { type Logger, silentLogger } from './log/logger'
import { type RequestEnv, requestLog } from './log/request-log'
import { noProxy, type ProxyTrust } from './security/client-ip'
import { type ScriptHashes, securityHeaders } from './security/security-headers'
import { createSiteRoutes } from './site/serve-site'

export type AppOptions = {
  readonly clientDir: string
  /** PUBLIC_URL: the origin of canonical, hreflang and sitemap URLs (default: the build's). */
  readonly publicUrl?: string
  /** Resolves when the process's dependencies (the database) answer; rejects otherwise. */
  readonly checkHealth?: () => Promise<void>
  /** The registration API's dependencies; without them `/api/v1/auth/*` is not mounted. */
  readonly auth?: AuthDeps
  /** Behind reverse proxies: which peers' X-Forwarded-* headers count (TRUST_PROXY). */
  readonly trustProxy?: ProxyTrust
  /** Where request lines and security events go (default: nowhere). */
  readonly logger?: Logger
  /** The inline scripts pages may run (computed by the build); default: the build's list. */
  readonly scriptHashes?: ScriptHashes
}

/** /healthz gives up after this long, so a load balancer's probe never hangs on a dead database. */
const healthTimeoutMs = 1500

/** Builds the whole HTTP application; `main.ts` only listens. Tests use it in-process. */
export function createApp({
  clientDir,
  publicUrl,
  checkHealth = async () => {},
  auth,
  trustProxy = noProxy,
  logger = silentLogger,
  scriptHashes,
}: AppOptions): Hono<RequestEnv> {
  const app = new Hono<RequestEnv>()
  // First, so every answer (errors included) is logged once with its request id.
  app.use('*', requestLog({ logger, trustProxy }))
  // Outermost of the rest, so it compresses the final body. (Hashed assets are served
  // precompressed and pass through untouched.)
  app.use('*', compress())
  app.use('*', securityHeaders({ trustProxy, scriptHashes }))

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        checkHealth(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('health check timed out')), healthTimeoutMs)
        }),
      ])
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    } finally {
      clearTimeout(timer)
    }
  })

  if (auth) app.route('/api/v1/auth', createAuthRoutes(auth))
  app.all('/api/*', apiNotFound)

  app.route('/', createSiteRoutes({ clientDir, publicUrl }))

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      c.header('Retry-After', '5')
      return c.json({ error: 'Service Unavailable' }, 503)
    }
    c.get('log').error({ event: 'http.error', error: describeError(error) })
    return c.json({ error: 'Internal Server Error' }, 500)
  })

  return app
}
