import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireSession } from '../http/require-session'
import {
  agencyMoveHandler,
  clientAnswerHandler,
  currentProposalHandler,
  listProposalsHandler,
  reviseHandler,
  saveDraftHandler,
} from './proposal-handlers'
import { proposalAnswerMessages as m } from './proposal-messages'
import { proposalPdfHandler } from './proposal-pdf-handler'

/**
 * A request's proposals. The client's side, `/api/v1/me/service-requests/:id/proposals…`: a
 * live session (401), the gate on changes (413, 415, 403 XSRF), and only their own requests and
 * sent versions (404). The agency's side, `/api/v1/admin/service-requests/:id/proposals…`: the
 * admin's gate (401, 403) on every route, the gate on changes first. A malformed id answers the
 * 404 an unknown one does: "no such request" where the list is read, else "no such proposal".
 */
export function proposalsRoutes(deps: AgencyDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const admin = requireAdmin(deps)
  return [
    routeWithIds('myProposals', m.requestNotFound, session, listProposalsHandler(deps, 'client')),
    routeWithIds('myCurrentProposal', m.requestNotFound, session, currentProposalHandler(deps)),
    routeWithIds('myProposalPdf', m.notFound, session, proposalPdfHandler(deps, 'client')),
    routeWithIds('acceptProposal', m.notFound, gate, session, clientAnswerHandler(deps, 'accept')),
    routeWithIds(
      'declineProposal',
      m.notFound,
      gate,
      session,
      clientAnswerHandler(deps, 'decline'),
    ),
    routeWithIds('adminProposals', m.requestNotFound, admin, listProposalsHandler(deps, 'agency')),
    routeWithIds('createProposal', m.notFound, gate, admin, saveDraftHandler(deps, 'create')),
    routeWithIds('editProposal', m.notFound, gate, admin, saveDraftHandler(deps, 'edit')),
    routeWithIds('sendProposal', m.notFound, gate, admin, agencyMoveHandler(deps, 'send')),
    routeWithIds('reviseProposal', m.notFound, gate, admin, reviseHandler(deps)),
    routeWithIds('withdrawProposal', m.notFound, gate, admin, agencyMoveHandler(deps, 'withdraw')),
    routeWithIds('adminProposalPdf', m.notFound, admin, proposalPdfHandler(deps, 'agency')),
  ]
}
