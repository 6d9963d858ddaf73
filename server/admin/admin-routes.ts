import { apiPrefix } from '../../domain/api/api-contract'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, type GatedPrefix, route, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireFreshProof } from '../http/require-fresh-proof'
import { requestAnswerMessages as m } from '../service-requests/request-messages'
import type { AdminDeps } from './admin-deps'
import {
  adminEnquiriesHandler,
  adminEnquiryHandler,
  adminServiceRequestHandler,
  adminServiceRequestsHandler,
  changeRequestStatusHandler,
  markEnquiryHandledHandler,
} from './admin-handlers'
import { adminEnquiriesCsvHandler, adminServiceRequestsCsvHandler } from './csv-exports'
import { adminReceivablesCsvHandler, adminReceivablesHandler } from './receivables-handlers'

/**
 * `/api/v1/admin/*`: every answer `no-store` (the agency's clients' data must stay out of every
 * cache); a change passes the gate first (413, 415, 403 XSRF); then every route needs a session
 * (401) whose user is, at this very call, an admin (403 `forbidden`) with a second factor this
 * session proved (403 `mfa_required`); the CSV exports need a fresh proof too (403
 * `reauthentication_required`).
 */
export function adminRoutes(deps: AdminDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const admin = requireAdmin(deps)
  // Every client's details in one file: the export needs a proof within the last 10 minutes.
  const fresh = requireFreshProof(deps)
  return [
    route('adminEnquiries', admin, adminEnquiriesHandler(deps)),
    route('adminEnquiriesCsv', admin, fresh, adminEnquiriesCsvHandler(deps)),
    routeWithIds('adminEnquiry', m.enquiryNotFound, admin, adminEnquiryHandler(deps)),
    routeWithIds(
      'markEnquiryHandled',
      m.enquiryNotFound,
      gate,
      admin,
      markEnquiryHandledHandler(deps),
    ),
    route('adminServiceRequests', admin, adminServiceRequestsHandler(deps)),
    route('adminServiceRequestsCsv', admin, fresh, adminServiceRequestsCsvHandler(deps)),
    routeWithIds('adminServiceRequest', m.notFound, admin, adminServiceRequestHandler(deps)),
    routeWithIds('changeRequestStatus', m.notFound, gate, admin, changeRequestStatusHandler(deps)),
    route('adminReceivables', admin, adminReceivablesHandler(deps)),
    route('adminReceivablesCsv', admin, fresh, adminReceivablesCsvHandler(deps)),
  ]
}

/** Unknown admin paths pass the admin's gate too: only an admin learns which paths exist. */
export function adminUnknownPaths(deps: AdminDeps): GatedPrefix {
  return { prefix: `${apiPrefix}/admin`, gate: requireAdmin(deps) }
}
