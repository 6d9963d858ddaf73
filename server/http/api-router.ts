import type { MessageDescriptor } from '@lingui/core'
import { type Context, type Handler, Hono, type MiddlewareHandler } from 'hono'
import { apiPrefix, type EndpointName, endpoints } from '../../domain/api/api-contract'
import { localeOf } from '../i18n/request-locale'
import { translator } from '../i18n/server-i18n'
import { failure } from './answers'
import { answerError, apiContext, notFound } from './api-gate'
import { apiMessages } from './api-messages'
import { checkPathIds, pathIdNames, pathIdsOf } from './path-ids'
import type { AccountEnv } from './require-session'

/** What answers one endpoint: its middleware in order (gates, session or admin, proofs), then its handler. */
export type RouteChain = readonly [...MiddlewareHandler<AccountEnv>[], Handler<AccountEnv>]

/**
 * One row of the API's route table: a contract endpoint (which gives the method and the path)
 * and the chain that answers it. A path with ids (`:id`, `:fileId`, `:proposalId`) names the 404
 * a malformed id answers (`unknownId`: the one its handler gives an id that names nothing).
 */
export type ApiRoute = {
  readonly endpoint: EndpointName
  readonly chain: RouteChain
  readonly unknownId?: MessageDescriptor
}

/** A route of a path without ids. */
export function route(endpoint: EndpointName, ...chain: RouteChain): ApiRoute {
  return { endpoint, chain }
}

/** A route of a path with ids: each must be well formed, else `unknownId`'s 404 (after the gates). */
export function routeWithIds(
  endpoint: EndpointName,
  unknownId: MessageDescriptor,
  ...chain: RouteChain
): ApiRoute {
  return { endpoint, chain, unknownId }
}

/**
 * Unknown paths under `prefix` pass `gate` before their 404 (the admin's: only an admin learns
 * which admin paths exist).
 */
export type GatedPrefix = { readonly prefix: string; readonly gate: MiddlewareHandler<AccountEnv> }

const routeKey = (endpoint: EndpointName) =>
  `${endpoints[endpoint].method} ${endpoints[endpoint].path.replace(/:[A-Za-z]+/g, ':')}`

/**
 * What is wrong with a route table, one line a fault (none: it can be mounted): an endpoint the
 * contract does not declare, an endpoint routed twice, two routes on one method and path, an
 * endpoint of the contract without a route, and a path's ids without their 404 (or a 404 for a
 * path without ids, or an id the edge does not know).
 */
export function routeTableProblems(routes: readonly ApiRoute[]): string[] {
  const problems: string[] = []
  const byKey = new Map<string, EndpointName>()
  const routed = new Set<string>()
  for (const { endpoint, unknownId } of routes) {
    if (!Object.hasOwn(endpoints, endpoint)) {
      problems.push(`${endpoint}: no such endpoint in the contract`)
      continue
    }
    if (routed.has(endpoint)) problems.push(`${endpoint}: routed twice`)
    routed.add(endpoint)
    const key = routeKey(endpoint)
    const other = byKey.get(key)
    if (other !== undefined && other !== endpoint)
      problems.push(`${endpoint}: ${key} is already ${other}'s`)
    byKey.set(key, endpoint)
    const ids = pathIdsOf(endpoints[endpoint].path)
    for (const id of ids)
      if (!(pathIdNames as readonly string[]).includes(id))
        problems.push(`${endpoint}: the edge does not check :${id}`)
    if (ids.length > 0 && !unknownId) problems.push(`${endpoint}: its ids have no 404`)
    if (ids.length === 0 && unknownId) problems.push(`${endpoint}: a 404 for ids its path lacks`)
  }
  for (const endpoint of Object.keys(endpoints))
    if (!routed.has(endpoint)) problems.push(`${endpoint}: no route`)
  return problems
}

/**
 * The API's one router, mounted at `apiPrefix`, from the whole route table (every resource's
 * routes, each endpoint once — `routeTableProblems` refuses any other table): every answer in
 * the request's language and `no-store` (apiContext), each endpoint at its contract method and
 * path, its ids checked at the edge, a JSON 404 for any other method or path (after its prefix's
 * gate, if `gated` names one), and errors as answers (answerError). Each path has one owner, so
 * the order of the rows decides nothing.
 */
export function createApiRouter(
  routes: readonly ApiRoute[],
  gated: readonly GatedPrefix[] = [],
): Hono<AccountEnv> {
  const problems = routeTableProblems(routes)
  if (problems.length > 0) throw new Error(`The API's route table:\n${problems.join('\n')}`)
  const relative = (path: string) => path.slice(apiPrefix.length) || '/'
  const router = new Hono<AccountEnv>()
  router.use('*', apiContext)
  for (const { endpoint, chain, unknownId } of routes) {
    const { method, path } = endpoints[endpoint]
    const handlers: (MiddlewareHandler<AccountEnv> | Handler<AccountEnv>)[] = unknownId
      ? [...chain.slice(0, -1), checkPathIds(unknownId), ...chain.slice(-1)]
      : [...chain]
    // The route's pattern for the metrics (never the path itself: it holds ids).
    const named: MiddlewareHandler<AccountEnv> = async (c, next) => {
      c.set('route', path)
      await next()
    }
    router.on([method], [relative(path)], named, ...handlers)
  }
  for (const { prefix, gate } of gated) router.all(`${relative(prefix)}/*`, gate, notFound)
  router.all('*', notFound)
  router.onError(answerError)
  return router
}

/** Any other `/api/*` address: a JSON 404 in the request's language, never the site's HTML page. */
export function apiNotFound(c: Context): Response {
  const t = translator(localeOf(c))
  c.header('Cache-Control', 'no-store')
  return failure(c, 404, 'not_found', t(apiMessages.notFound))
}
