import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type EndpointName, endpoints } from '../../domain/api/api-contract'
import { localeOf } from '../i18n/request-locale'
import { translator } from '../i18n/server-i18n'
import { failure } from './answers'
import { answerError, apiContext, notFound } from './api-gate'
import { apiMessages } from './api-messages'
import type { AccountEnv } from './require-session'

/** An endpoint's path relative to where its router is mounted (`/` for the prefix itself). */
export type RelativePath = (endpoint: EndpointName) => string

/**
 * A resource's router (typed for signed-in routes too; `signedIn` is set only behind
 * `requireSession`), mounted at `prefix`: every answer in the request's language and
 * `no-store` (apiContext), the resource's routes (paths from the contract, relative to
 * `prefix`), a JSON 404 for any other path under it (after `beforeNotFound`: the admin's gate,
 * so only an admin learns which paths exist), and errors as answers (answerError).
 * `fallThrough`: no 404 of its own — a resource that adds paths under another one's prefix is
 * mounted before it, and the other paths reach that resource's router (and its 404).
 */
export function createApiRouter(
  prefix: string,
  addRoutes: (routes: Hono<AccountEnv>, path: RelativePath) => void,
  beforeNotFound?: MiddlewareHandler<AccountEnv>,
  { fallThrough = false }: { readonly fallThrough?: boolean } = {},
): Hono<AccountEnv> {
  const routes = new Hono<AccountEnv>()
  routes.use('*', apiContext)
  addRoutes(routes, (endpoint) => {
    const path = endpoints[endpoint].path
    if (!path.startsWith(prefix)) throw new Error(`${endpoint} is not under ${prefix}`)
    return path.slice(prefix.length) || '/'
  })
  // Falling through, the router mounted after this one answers the other paths.
  if (!fallThrough) {
    if (beforeNotFound) routes.all('*', beforeNotFound, notFound)
    else routes.all('*', notFound)
  }
  routes.onError(answerError)
  return routes
}

/** Any other `/api/*` address: a JSON 404 in the request's language, never the site's HTML page. */
export function apiNotFound(c: Context): Response {
  const t = translator(localeOf(c))
  c.header('Cache-Control', 'no-store')
  return failure(c, 404, 'not_found', t(apiMessages.notFound))
}
