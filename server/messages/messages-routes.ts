import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireSession } from '../http/require-session'
import type { MessagesDeps } from './messages-deps'
import {
  inboxSummaryHandler,
  markReadHandler,
  sendMessageHandler,
  threadPageHandler,
} from './thread-handlers'
import { threadAnswerMessages as m } from './thread-messages'
import { inboxStreamHandler, threadStreamHandler } from './thread-stream'

/**
 * A request's conversation. The client's side, `/api/v1/me/service-requests/:id/…`: a live
 * session (401), the gate on changes (413, 415, 403 XSRF), and only their own requests (404).
 * The agency's side, `/api/v1/admin/service-requests/:id/…`, the inbox's badge and its stream:
 * the admin's gate (401, 403) on every route, the gate on changes first.
 */
export function messagesRoutes(deps: MessagesDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const admin = requireAdmin(deps)
  return [
    routeWithIds('myThreadMessages', m.notFound, session, threadPageHandler(deps, 'client')),
    routeWithIds(
      'sendMyThreadMessage',
      m.notFound,
      gate,
      session,
      sendMessageHandler(deps, 'client'),
    ),
    routeWithIds('markMyThreadRead', m.notFound, gate, session, markReadHandler(deps, 'client')),
    routeWithIds('myThreadEvents', m.notFound, session, threadStreamHandler(deps, 'client')),
    routeWithIds('adminThreadMessages', m.notFound, admin, threadPageHandler(deps, 'agency')),
    routeWithIds(
      'sendAdminThreadMessage',
      m.notFound,
      gate,
      admin,
      sendMessageHandler(deps, 'agency'),
    ),
    routeWithIds('markAdminThreadRead', m.notFound, gate, admin, markReadHandler(deps, 'agency')),
    routeWithIds('adminThreadEvents', m.notFound, admin, threadStreamHandler(deps, 'agency')),
    route('adminInboxSummary', admin, inboxSummaryHandler(deps)),
    route('adminInboxEvents', admin, inboxStreamHandler(deps)),
  ]
}
