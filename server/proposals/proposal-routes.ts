import type { Hono } from 'hono'
import { apiPrefix, endpoints } from '../../domain/api/api-contract'
import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { type AccountEnv, requireSession } from '../http/require-session'
import {
  agencyMoveHandler,
  clientAnswerHandler,
  currentProposalHandler,
  listProposalsHandler,
  reviseHandler,
  saveDraftHandler,
} from './proposal-handlers'
import { proposalPdfHandler } from './proposal-pdf-handler'

/** Where the client's side is mounted: beside their requests, before the requests' router. */
export const clientProposalPrefix = endpoints.myServiceRequests.path
/** Where the agency's side is mounted: before the admin's router. */
export const agencyProposalPrefix = `${apiPrefix}/admin`

/**
 * The client's side, `/api/v1/me/service-requests/:id/proposals…`: a live session (401), the
 * gate on changes (413, 415, 403 XSRF), and only their own requests and sent versions (404).
 */
export function createClientProposalRoutes(deps: AgencyDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  return createApiRouter(
    clientProposalPrefix,
    (routes, path) => {
      routes.get(path('myProposals'), session, listProposalsHandler(deps, 'client'))
      // Before `…/:proposalId/…` could read "current" as an id.
      routes.get(path('myCurrentProposal'), session, currentProposalHandler(deps))
      routes.get(path('myProposalPdf'), session, proposalPdfHandler(deps, 'client'))
      routes.post(path('acceptProposal'), gate, session, clientAnswerHandler(deps, 'accept'))
      routes.post(path('declineProposal'), gate, session, clientAnswerHandler(deps, 'decline'))
    },
    undefined,
    { fallThrough: true },
  )
}

/**
 * The agency's side, `/api/v1/admin/service-requests/:id/proposals…`: the admin's gate (401,
 * 403) on every route, the gate on changes first.
 */
export function createAgencyProposalRoutes(deps: AgencyDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const admin = requireAdmin(deps)
  return createApiRouter(
    agencyProposalPrefix,
    (routes, path) => {
      routes.get(path('adminProposals'), admin, listProposalsHandler(deps, 'agency'))
      routes.post(path('createProposal'), gate, admin, saveDraftHandler(deps, 'create'))
      routes.patch(path('editProposal'), gate, admin, saveDraftHandler(deps, 'edit'))
      routes.post(path('sendProposal'), gate, admin, agencyMoveHandler(deps, 'send'))
      routes.post(path('reviseProposal'), gate, admin, reviseHandler(deps))
      routes.post(path('withdrawProposal'), gate, admin, agencyMoveHandler(deps, 'withdraw'))
      routes.get(path('adminProposalPdf'), admin, proposalPdfHandler(deps, 'agency'))
    },
    undefined,
    { fallThrough: true },
  )
}
