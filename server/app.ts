import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import knownScriptHashes from 'virtual:csp-script-hashes'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { apiPrefix, type SpeiAccount } from '../domain/api/api-contract'
import type { Locale } from '../domain/locales'
import { adminRoutes, adminUnknownPaths } from './admin/admin-routes'
import { authRoutes } from './auth/auth-routes'
import { defaultAgencyEmail, defaultAgencyLocale, defaultAgencyTimeZone } from './config'
import { contactRoutes } from './contact/contact-routes'
import { contentRoutes } from './content/content-routes'
import { isDatabaseUnavailable } from './db/unavailable'
import { factorsRoutes } from './factors/factors-routes'
import { filesRoutes } from './files/files-routes'
import type { ApiDeps } from './http/api-env'
import { type ApiRoute, apiNotFound, createApiRouter } from './http/api-router'
import { createThreadHub, type ThreadHub } from './live/thread-hub'
import { describeError } from './log/describe-error'
import { type Logger, silentLogger } from './log/logger'
import { type RequestEnv, requestLog } from './log/request-log'
import type { RequestTracing } from './log/request-tracing'
import { meRoutes } from './me/me-routes'
import { defaultDigestDelaySeconds, type MessagesDeps } from './messages/messages-deps'
import { messagesRoutes } from './messages/messages-routes'
import { paymentsRoutes } from './payments/payments-routes'
import type { CardPayments } from './payments/stripe-client'
import { type Drain, probeRoutes } from './probes'
import { proposalsRoutes } from './proposals/proposals-routes'
import { noProxy, type ProxyTrust } from './security/client-ip'
import { type ScriptHashes, type StyleHashes, securityHeaders } from './security/security-headers'
import { serviceRequestsRoutes } from './service-requests/service-requests-routes'
import { createSiteRoutes } from './site/serve-site'
import { workRoutes } from './work/work-routes'

export type AppOptions = {
  readonly clientDir: string
  /** PUBLIC_URL: the origin of canonical, hreflang and sitemap URLs (default: the build's). */
  readonly publicUrl?: string
  /** Resolves when the process's dependencies (the database) answer; rejects otherwise. */
  readonly checkHealth?: () => Promise<void>
  /** How many of the build's migrations the database lacks (/readyz waits for none). */
  readonly migrationsPending?: () => Promise<number>
  /** The instance's stop switch: /readyz is 503 once it is on. */
  readonly drain?: Drain
  /** The API's dependencies; without them no `/api/v1` resource is mounted (only the 404). */
  readonly auth?: ApiDeps
  /** AGENCY_EMAIL: where contact enquiries are mailed (default: the address on /contact). */
  readonly agencyEmail?: string
  /** AGENCY_TIME_ZONE: the clock of the inbox's exports (default: America/Mexico_City). */
  readonly agencyTimeZone?: string
  /**
   * This instance's live events (started and closed with the services); default: one on the
   * API's pool, whose listening connection opens with the first stream.
   */
  readonly live?: ThreadHub
  /** MESSAGE_DIGEST_SECONDS: how long a digest mail collects messages (default: 5 minutes). */
  readonly digestDelaySeconds?: number
  /** AGENCY_LANGUAGE: the language of the agency's mails (default: the agency's, Spanish). */
  readonly agencyLocale?: Locale
  /** PAYMENT_*: the agency's account for SPEI transfers (default: none shown). */
  readonly speiAccount?: SpeiAccount
  /** STRIPE_*: card and OXXO payments through Stripe (default: none; their routes 404). */
  readonly cardPayments?: CardPayments
  /** Behind reverse proxies: which peers' X-Forwarded-* headers count (TRUST_PROXY). */
  readonly trustProxy?: ProxyTrust
  /** Where request lines and security events go (default: nowhere). */
  readonly logger?: Logger
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the request's spans get its id and route (default: no tracing). */
  readonly tracing?: RequestTracing
  /** The inline scripts pages may run (computed by the build); default: the build's list. */
  readonly scriptHashes?: ScriptHashes
  /** The inline stylesheets pages may use (recorded by the build); default: the build's list. */
  readonly styleHashes?: StyleHashes
}

/**
 * The build's list of inline scripts: index.html's (compiled into the server) plus those the
 * prerender step found in the pages it wrote (BUILD_DIR/pages/csp-script-hashes.json). Read
 * once at start: no response can add to it.
 */
export function buildScriptHashes(clientDir: string): ScriptHashes {
  return [
    ...new Set([...knownScriptHashes, ...hashesFromPages(clientDir, 'csp-script-hashes.json')]),
  ]
}

/**
 * The stylesheets the build inlined into the pages (BUILD_DIR/pages/csp-style-hashes.json,
 * written by the prerender step; docs/decisions/016). Read once at start, like the scripts.
 */
export function buildStyleHashes(clientDir: string): StyleHashes {
  return hashesFromPages(clientDir, 'csp-style-hashes.json')
}

function hashesFromPages(clientDir: string, name: string): string[] {
  const file = resolve(clientDir, '../pages', name)
  const fromPages: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : []
  return Array.isArray(fromPages)
    ? fromPages.filter(
        (hash): hash is string =>
          typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(hash),
      )
    : []
}

/**
 * The API's route table: every resource's routes, each endpoint of the contract once (the
 * router refuses a table with an endpoint missing or twice, or two routes on one path).
 */
export function apiRoutes(deps: MessagesDeps): ApiRoute[] {
  return [
    ...authRoutes(deps),
    ...meRoutes(deps),
    ...factorsRoutes(deps),
    ...contactRoutes(deps),
    ...serviceRequestsRoutes(deps),
    ...adminRoutes(deps),
    ...messagesRoutes(deps),
    ...filesRoutes(deps),
    ...proposalsRoutes(deps),
    ...contentRoutes(deps),
    ...paymentsRoutes(deps),
    ...workRoutes(deps),
  ]
}

/** Builds the whole HTTP application; `main.ts` only listens. Tests use it in-process. */
export function createApp({
  clientDir,
  publicUrl,
  checkHealth = async () => {},
  migrationsPending,
  drain,
  auth,
  agencyEmail = defaultAgencyEmail,
  agencyTimeZone = defaultAgencyTimeZone,
  live,
  digestDelaySeconds = defaultDigestDelaySeconds,
  agencyLocale = defaultAgencyLocale,
  speiAccount,
  cardPayments,
  trustProxy = noProxy,
  logger = silentLogger,
  tracing,
  scriptHashes,
  styleHashes,
}: AppOptions): Hono<RequestEnv> {
  const app = new Hono<RequestEnv>()
  // First, so every answer (errors included) is logged once with its request id.
  app.use('*', requestLog({ logger, trustProxy, tracing }))
  // Outermost of the rest, so it compresses the final body (API answers). Pages and hashed
  // assets are served precompressed and pass through untouched.
  app.use('*', compress())
  app.use(
    '*',
    securityHeaders({
      trustProxy,
      scriptHashes: scriptHashes ?? buildScriptHashes(clientDir),
      styleHashes: styleHashes ?? buildStyleHashes(clientDir),
    }),
  )

  app.route(
    '/',
    probeRoutes({ checkHealth, migrationsPending, draining: () => drain?.draining ?? false }),
  )

  if (auth) {
    const agency = {
      ...auth,
      agencyEmail,
      agencyLocale,
      agencyTimeZone,
      ...(speiAccount ? { speiAccount } : {}),
      ...(cardPayments ? { cardPayments } : {}),
    }
    const workspace = {
      ...agency,
      live: live ?? createThreadHub({ pool: auth.pool }),
      digestDelaySeconds,
    }
    // One route table: each endpoint of the contract once, at its own method and path.
    app.route(apiPrefix, createApiRouter(apiRoutes(workspace), [adminUnknownPaths(agency)]))
  }
  app.all('/api/*', apiNotFound)

  app.route(
    '/',
    createSiteRoutes({
      clientDir,
      publicUrl,
      ...(auth?.published ? { published: auth.published } : {}),
    }),
  )

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
