import type { Hono } from 'hono'
import { apiPrefix } from '../../domain/api/api-contract'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireFreshProof } from '../http/require-fresh-proof'
import type { AccountEnv } from '../http/require-session'
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

/** Where the app mounts the admin inbox's API. */
export const adminPrefix = `${apiPrefix}/admin`

/**
 * `/api/v1/admin/*`: every answer `no-store` (the agency's clients' data must stay out of every
 * cache); a change passes the gate first (413, 415, 403 XSRF); then every route needs a session
 * (401) whose user is, at this very call, an admin (403 `forbidden`) with a second factor this
 * session proved (403 `mfa_required`); the CSV exports need a fresh proof too (403
 * `reauthentication_required`).
 */
export function createAdminRoutes(deps: AdminDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const admin = requireAdmin(deps)
  // Every client's details in one file: the export needs a proof within the last 10 minutes.
  const fresh = requireFreshProof(deps)
  return createApiRouter(
    adminPrefix,
    (routes, path) => {
      routes.get(path('adminEnquiries'), admin, adminEnquiriesHandler(deps))
      routes.get(path('adminEnquiriesCsv'), admin, fresh, adminEnquiriesCsvHandler(deps))
      routes.get(path('adminEnquiry'), admin, adminEnquiryHandler(deps))
      routes.post(path('markEnquiryHandled'), gate, admin, markEnquiryHandledHandler(deps))
      routes.get(path('adminServiceRequests'), admin, adminServiceRequestsHandler(deps))
      routes.get(
        path('adminServiceRequestsCsv'),
        admin,
        fresh,
        adminServiceRequestsCsvHandler(deps),
      )
      routes.get(path('adminServiceRequest'), admin, adminServiceRequestHandler(deps))
      routes.post(path('changeRequestStatus'), gate, admin, changeRequestStatusHandler(deps))
    },
    // Unknown admin paths pass the gate too: only an admin learns which paths exist.
    admin,
  )
}
