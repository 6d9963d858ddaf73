import type { Context, Handler } from 'hono'
import { defaultValidUntil } from '../../domain/requests/proposal-dates'
import {
  createAcceptProposalSchema,
  createProposalAnswerSchema,
  createProposalDraftSchema,
} from '../../domain/requests/proposal-schemas'
import type { ProposalAction } from '../../domain/requests/proposal-state'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure } from '../http/answers'
import { createEmptyBodySchema } from '../http/empty-body'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import {
  changeProposal,
  createDraft,
  editDraft,
  type ProposalChange,
} from './proposal-change-store'
import { proposalAnswerMessages as m } from './proposal-messages'
import type { Changed, Refusal } from './proposal-moves'
import { listProposals, loadProposal, type ProposalViewer, requestVisible } from './proposal-store'
import { toAgencyProposal, toClientProposal } from './proposal-view'

/** The request's id (every proposal path has one). */
const requestIdOf = (c: Context<AccountEnv>) => pathId(c, 'id')
/** The request's and the version's ids (the paths under `…/proposals/:proposalId`). */
const ids = (c: Context<AccountEnv>) => ({
  requestId: pathId(c, 'id'),
  proposalId: pathId(c, 'proposalId'),
})

const viewerOf = (c: Context<AccountEnv>, side: 'client' | 'agency'): ProposalViewer => ({
  side,
  userId: signedInOf(c).user.id,
})

/** The answer to a change the store did not make: 404, 409 or 410, with a translated message. */
function refusal(c: Context<AccountEnv>, action: ProposalAction | 'revise', refused: Refusal) {
  const t = c.get('t')
  switch (refused.outcome) {
    case 'not_found':
      return failure(c, 404, 'not_found', t(m.notFound))
    case 'closed': {
      const message = { superseded: m.superseded, withdrawn: m.withdrawnClosed, expired: m.expired }
      return failure(c, 410, 'proposal_closed', t(message[refused.state]))
    }
    case 'validity_passed':
      return failure(c, 409, 'invalid_transition', t(m.validityPassed))
    case 'refused': {
      const message = refused.why
        ? m[refused.why]
        : action === 'edit' || action === 'send'
          ? refused.state === 'draft'
            ? m.requestClosed
            : m.notDraft
          : action === 'withdraw'
            ? refused.state === 'sent'
              ? m.requestClosed
              : m.notSent
            : m.alreadyAnswered
      return failure(c, 409, 'invalid_transition', t(message))
    }
  }
}

/** `GET …/proposals`: the request's versions the caller may see, newest first. */
export function listProposalsHandler(
  deps: AgencyDeps,
  side: 'client' | 'agency',
): Handler<AccountEnv> {
  return async (c) => {
    const viewer = viewerOf(c, side)
    const requestId = requestIdOf(c)
    if (!(await requestVisible(deps.pool, requestId, viewer)))
      return failure(c, 404, 'not_found', c.get('t')(m.requestNotFound))
    const rows = await listProposals(deps.pool, requestId, viewer)
    const now = nowOf(deps)
    return side === 'agency'
      ? answer(c, 'adminProposals', {
          success: true,
          proposals: rows.map((row) => toAgencyProposal(row, now)),
        })
      : answer(c, 'myProposals', {
          success: true,
          proposals: rows.map((row) => toClientProposal(row, now)),
        })
  }
}

/** `GET /me/…/proposals/current`: the newest version the client was sent. */
export function currentProposalHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const viewer = viewerOf(c, 'client')
    const requestId = requestIdOf(c)
    const t = c.get('t')
    if (!(await requestVisible(deps.pool, requestId, viewer)))
      return failure(c, 404, 'not_found', t(m.requestNotFound))
    const current = (await listProposals(deps.pool, requestId, viewer)).find(
      (row) => row.is_current,
    )
    if (!current) return failure(c, 404, 'not_found', t(m.noCurrent))
    return answer(c, 'myCurrentProposal', {
      success: true,
      message: t(m.read),
      proposal: toClientProposal(current, nowOf(deps)),
    })
  }
}

/** The proposal as the agency now sees it, after a change. */
async function agencyAnswer(
  c: Context<AccountEnv>,
  deps: AgencyDeps,
  endpoint:
    | 'createProposal'
    | 'editProposal'
    | 'sendProposal'
    | 'reviseProposal'
    | 'withdrawProposal',
  changed: Changed,
  message: string,
) {
  const requestId = requestIdOf(c)
  for (const id of changed.mailIds) deps.mail.queued(id)
  const row = await loadProposal(deps.pool, requestId, changed.proposalId, viewerOf(c, 'agency'))
  if (!row) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
  return answer(c, endpoint, {
    success: true,
    message,
    proposal: toAgencyProposal(row, nowOf(deps)),
  })
}

/** `POST …/proposals` (a new draft) and `PATCH …/proposals/:proposalId` (edit the draft). */
export function saveDraftHandler(deps: AgencyDeps, mode: 'create' | 'edit'): Handler<AccountEnv> {
  const schemas = schemasPerLocale((t) => createProposalDraftSchema(t, () => nowOf(deps)))
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const requestId = requestIdOf(c)
    const now = nowOf(deps)
    const common = {
      requestId,
      byUserId: user.id,
      now,
      defaultValidUntil: defaultValidUntil(now),
      input: admitted.input,
    }
    const saved =
      mode === 'create'
        ? await createDraft(deps.pool, common)
        : await editDraft(deps.pool, { ...common, proposalId: pathId(c, 'proposalId') })
    if (saved.outcome !== 'changed') return refusal(c, 'edit', saved)
    securityEvent(c, mode === 'create' ? 'proposal.created' : 'proposal.edited', {
      accountId: user.id,
      requestId,
    })
    const t = c.get('t')
    return agencyAnswer(
      c,
      deps,
      mode === 'create' ? 'createProposal' : 'editProposal',
      saved,
      t(mode === 'create' ? m.created : m.edited),
    )
  }
}

/** `POST …/proposals/:proposalId/revise`: a new draft copied from the newest version. */
export function reviseHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, emptySchemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const { requestId, proposalId } = ids(c)
    const now = nowOf(deps)
    const revised = await createDraft(deps.pool, {
      requestId,
      byUserId: user.id,
      now,
      defaultValidUntil: defaultValidUntil(now),
      copyOf: proposalId,
    })
    if (revised.outcome !== 'changed') return refusal(c, 'revise', revised)
    securityEvent(c, 'proposal.revised', { accountId: user.id, requestId })
    return agencyAnswer(c, deps, 'reviseProposal', revised, c.get('t')(m.revised))
  }
}

const reasonSchemas = schemasPerLocale(createProposalAnswerSchema)
const acceptSchemas = schemasPerLocale(createAcceptProposalSchema)
const emptySchemas = schemasPerLocale(createEmptyBodySchema)

/** `POST …/send` and `POST …/withdraw` (the agency's moves of a proposal). */
export function agencyMoveHandler(
  deps: AgencyDeps,
  action: 'send' | 'withdraw',
): Handler<AccountEnv> {
  return async (c) => {
    let note = ''
    if (action === 'withdraw') {
      const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, reasonSchemas)
      if (!admitted.ok) return admitted.response
      note = admitted.input.reason
    } else {
      const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, emptySchemas)
      if (!admitted.ok) return admitted.response
    }
    const { user } = signedInOf(c)
    const changed = await changeProposal(deps.pool, {
      ...ids(c),
      event: { type: action, by: 'agency' },
      byUserId: user.id,
      note,
      now: nowOf(deps),
      agency: { email: deps.agencyEmail, locale: deps.agencyLocale },
    })
    if (changed.outcome !== 'changed') return refusal(c, action, changed)
    securityEvent(c, action === 'send' ? 'proposal.sent' : 'proposal.withdrawn', {
      accountId: user.id,
      requestId: requestIdOf(c),
    })
    const t = c.get('t')
    return agencyAnswer(
      c,
      deps,
      action === 'send' ? 'sendProposal' : 'withdrawProposal',
      changed,
      t(action === 'send' ? m.sent : m.withdrawn),
    )
  }
}

/** `POST /me/…/accept` and `…/decline`: the client's answer to a version they were sent. */
export function clientAnswerHandler(
  deps: AgencyDeps,
  action: 'accept' | 'decline',
): Handler<AccountEnv> {
  return async (c) => {
    const { user } = signedInOf(c)
    let change: Pick<ProposalChange, 'note' | 'acceptance'>
    if (action === 'accept') {
      const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, acceptSchemas)
      if (!admitted.ok) return admitted.response
      change = {
        note: '',
        acceptance: {
          fullName: admitted.input.fullName,
          ipAddress: c.get('clientIp'),
          userAgent: (c.req.header('User-Agent') ?? '').slice(0, 512),
        },
      }
    } else {
      const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, reasonSchemas)
      if (!admitted.ok) return admitted.response
      change = { note: admitted.input.reason }
    }
    const changed = await changeProposal(deps.pool, {
      ...ids(c),
      ...change,
      ownerId: user.id,
      event: { type: action, by: 'client' },
      byUserId: user.id,
      now: nowOf(deps),
      agency: { email: deps.agencyEmail, locale: deps.agencyLocale },
    })
    if (changed.outcome !== 'changed') return refusal(c, action, changed)
    for (const id of changed.mailIds) deps.mail.queued(id)
    securityEvent(c, action === 'accept' ? 'proposal.accepted' : 'proposal.declined', {
      accountId: user.id,
      requestId: requestIdOf(c),
    })
    const row = await loadProposal(deps.pool, requestIdOf(c), changed.proposalId, {
      side: 'client',
      userId: user.id,
    })
    const t = c.get('t')
    if (!row) return failure(c, 404, 'not_found', t(m.notFound))
    return answer(c, action === 'accept' ? 'acceptProposal' : 'declineProposal', {
      success: true,
      message: t(action === 'accept' ? m.accepted : m.declined),
      proposal: toClientProposal(row, nowOf(deps)),
    })
  }
}
