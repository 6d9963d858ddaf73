import type { Hono } from 'hono'
import { apiPrefix, endpoints } from '../../domain/api/api-contract'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { type AccountEnv, requireSession } from '../http/require-session'
import {
  inboxSummaryHandler,
  markReadHandler,
  sendMessageHandler,
  threadPageHandler,
} from './thread-handlers'
import { inboxStreamHandler, threadStreamHandler } from './thread-stream'
import type { WorkspaceDeps } from './workspace-deps'

/** Where the client's side is mounted: beside their requests, before the requests' router. */
export const clientThreadPrefix = endpoints.myServiceRequests.path
/** Where the agency's side is mounted: before the admin's router. */
export const agencyThreadPrefix = `${apiPrefix}/admin`

/**
 * The client's side of a request's conversation, `/api/v1/me/service-requests/:id/…`: a live
 * session (401), the gate on changes (413, 415, 403 XSRF), and only their own requests (404).
 */
export function createClientThreadRoutes(deps: WorkspaceDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  return createApiRouter(
    clientThreadPrefix,
    (routes, path) => {
      routes.get(path('myThreadMessages'), session, threadPageHandler(deps, 'client'))
      routes.post(path('sendMyThreadMessage'), gate, session, sendMessageHandler(deps, 'client'))
      routes.post(path('markMyThreadRead'), gate, session, markReadHandler(deps, 'client'))
      routes.get(path('myThreadEvents'), session, threadStreamHandler(deps, 'client'))
    },
    undefined,
    { fallThrough: true },
  )
}

/**
 * The agency's side, `/api/v1/admin/service-requests/:id/…`, the inbox's badge and its stream:
 * the admin's gate (401, 403) on every route, the gate on changes first.
 */
export function createAgencyThreadRoutes(deps: WorkspaceDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const admin = requireAdmin(deps)
  return createApiRouter(
    agencyThreadPrefix,
    (routes, path) => {
      routes.get(path('adminThreadMessages'), admin, threadPageHandler(deps, 'agency'))
      routes.post(path('sendAdminThreadMessage'), gate, admin, sendMessageHandler(deps, 'agency'))
      routes.post(path('markAdminThreadRead'), gate, admin, markReadHandler(deps, 'agency'))
      routes.get(path('adminThreadEvents'), admin, threadStreamHandler(deps, 'agency'))
      routes.get(path('adminInboxSummary'), admin, inboxSummaryHandler(deps))
      routes.get(path('adminInboxEvents'), admin, inboxStreamHandler(deps))
    },
    undefined,
    { fallThrough: true },
  )
}
