import type { AgencyProposal, ProposalBody, ProposalsBody } from '../../domain/api/api-contract'
import type { DraftValues } from '../../domain/requests/proposal-draft'
import type { DraftPlan } from '../../domain/requests/proposal-plan-draft'
import type { RequestStatus } from '../../domain/requests/request-status'
import type { proposalEditorMachine } from '../../machines/proposal-editor-machine'
import { editorAnswerOf } from '../../src/features/admin/api/proposal-effects'
import { adminRequest, movedRequest } from '../fixtures/service-requests'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { accepted, type HeldRead, readAs, refused, unreachable } from './api-answers'
import { requestDetailRead } from './status-change-answers'

/**
 * The inbox's proposal editor on its generated paths: what the server holds when the detail
 * opens (no proposal, a draft, a sent version), what each change answers, and what the inbox
 * reads again after it.
 */

const at = '2026-11-21T09:30:00.000Z'

/** Version 1 as a draft: one item of 12,500.00 pesos, IVA 2,000.00, total 14,500.00. */
export const draftProposal: AgencyProposal = {
  id: 'proposal-1',
  requestId: adminRequest.id,
  version: 1,
  state: 'draft',
  current: false,
  title: 'Online shop for the bakery',
  items: [
    { description: 'Design and build', quantity: 1, unitPrice: 1_250_000, amount: 1_250_000 },
  ],
  subtotal: 1_250_000,
  discount: 0,
  ivaPercent: 16,
  iva: 200_000,
  total: 1_450_000,
  currency: 'MXN',
  validUntil: '2026-12-21',
  scope: 'Design, build and launch.',
  terms: 'Half on acceptance, half on delivery.',
  paymentPlan: null,
  createdAt: at,
  sentAt: null,
  closedAt: null,
  reason: '',
  acceptance: null,
  actions: ['edit', 'send'],
  updatedAt: at,
}

/** The same version once sent: the client's current one. */
export const sentProposal: AgencyProposal = {
  ...draftProposal,
  state: 'sent',
  current: true,
  sentAt: at,
  actions: ['withdraw'],
}

/** Version 2, a draft copied from the sent version 1 with another item. */
export const revisedProposal: AgencyProposal = {
  ...draftProposal,
  id: 'proposal-2',
  version: 2,
  title: 'Online shop for the bakery, with delivery',
  items: [
    { description: 'Design and build', quantity: 1, unitPrice: 1_250_000, amount: 1_250_000 },
    { description: 'Delivery zones', quantity: 2, unitPrice: 150_050, amount: 300_100 },
  ],
  subtotal: 1_550_100,
  discount: 50_000,
  iva: 240_016,
  total: 1_740_116,
}

/** What the server holds when a path opens the detail: the request and its proposals. */
export type EditorServer = {
  readonly status: RequestStatus
  readonly proposals: readonly AgencyProposal[]
}

export const opening: Record<'none' | 'draft' | 'sent', EditorServer> = {
  none: { status: 'received', proposals: [] },
  draft: { status: 'inReview', proposals: [draftProposal] },
  sent: { status: 'proposalSent', proposals: [sentProposal] },
}

export function proposalsRead(
  proposals: readonly AgencyProposal[],
): HeldRead<ProposalsBody<AgencyProposal>> {
  return readAs<ProposalsBody<AgencyProposal>>('adminProposals', {
    success: true,
    proposals,
  })
}

/** The request's detail while the server holds `server`. */
export function detailRead(server: EditorServer) {
  return requestDetailRead(
    server.status === adminRequest.status
      ? adminRequest
      : movedRequest(adminRequest, server.status, ''),
  )
}

function proposalAnswer(
  endpoint: 'createProposal' | 'editProposal' | 'sendProposal' | 'withdrawProposal',
  message: string,
  proposal: AgencyProposal,
): HeldRead<ProposalBody<AgencyProposal>> {
  return readAs<ProposalBody<AgencyProposal>>(endpoint, {
    ...(accepted(message) as { success: true; message: string }),
    proposal,
  })
}

/** A change's answer and what the server holds after it. */
export type EditorChange = {
  readonly answer: HeldRead<ProposalBody<AgencyProposal>>
  readonly after: EditorServer
}

const drafted: EditorChange = {
  answer: proposalAnswer('createProposal', 'The draft was saved.', draftProposal),
  after: opening.draft,
}
const edited: EditorChange = {
  answer: proposalAnswer('editProposal', 'The draft was saved.', draftProposal),
  after: opening.draft,
}
const revised: EditorChange = {
  answer: proposalAnswer('createProposal', 'The draft was saved.', revisedProposal),
  after: { status: 'proposalSent', proposals: [revisedProposal, sentProposal] },
}
const sent: EditorChange = {
  answer: proposalAnswer(
    'sendProposal',
    'The proposal was sent and the client notified.',
    sentProposal,
  ),
  after: opening.sent,
}
const withdrawn: EditorChange = {
  answer: proposalAnswer('withdrawProposal', 'The proposal was withdrawn.', {
    ...sentProposal,
    state: 'withdrawn',
    actions: [],
    closedAt: at,
  }),
  after: {
    status: 'inReview',
    proposals: [{ ...sentProposal, state: 'withdrawn', actions: [], closedAt: at }],
  },
}

/** The change each save answers, by what the editor started from. */
export function saveChange(from: AgencyProposal['state'] | undefined): EditorChange {
  if (from === undefined) return drafted
  return from === 'draft' ? edited : revised
}
export const sendChange = sent
export const withdrawChange = withdrawn

/** What the editor machine resolves with after `change`. */
export function changeOutput(change: EditorChange) {
  return editorAnswerOf(change.after.proposals, change.after.status, change.answer.body.message)
}

/**
 * The plan the paths type in the rows the form shows: the whole total on a day (valid), or half
 * of it on acceptance (refused: the percentages do not add up to 100).
 */
export function typedPlan(keys: readonly number[], valid: boolean): DraftPlan | null {
  if (keys.length === 0) return null
  return {
    by: 'percent',
    instalments: keys.map((key) =>
      valid
        ? { key, share: String(100 / keys.length), due: 'date', date: '2026-12-31' }
        : { key, share: '50', due: 'acceptance', date: '' },
    ),
  }
}

/** The values the paths type: every row the form shows, filled in. */
export function typedDraft(
  keys: readonly number[],
  valid: boolean,
  planKeys: readonly number[] = [],
  validPlan = true,
): DraftValues {
  return {
    plan: typedPlan(planKeys, validPlan),
    title: valid ? 'Online shop for the bakery' : '',
    items: keys.map((key) => ({
      key,
      description: 'Design and build',
      quantity: '1',
      unitPrice: '12,500.00',
    })),
    discount: '',
    validUntil: '2026-12-21',
    scope: 'Design, build and launch.',
    terms: 'Half on acceptance, half on delivery.',
  }
}

/**
 * What the paths let the agency do: only what the page offers (the `proposal` machine's
 * answer), and nothing more once a change is answered — every transition is reached from a
 * freshly read proposal, and going on from each answer would only repeat them.
 */
export const proposalEditorPossible: PathPossible<typeof proposalEditorMachine> = (
  snapshot,
  event,
) => {
  // A call's answer only as listed above (the planner also tries each type bare).
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  const { context } = snapshot
  if (snapshot.matches('showing') && context.message !== undefined) return false
  // Only the payloads the events above list (the planner also tries each type bare).
  if (event.type === 'save' && !('values' in event)) return false
  if (event.type === 'removeItem' && !('key' in event)) return false
  if (event.type === 'removeInstalment' && !('key' in event)) return false
  // One plan row added at most, to a fresh draft before any item is.
  if (
    event.type === 'addInstalment' &&
    (context.current !== undefined || context.values.plan !== null || context.nextKey !== 1)
  )
    return false
  // One row added at most: every added row is a new one, so the paths stay finite.
  if (event.type === 'addItem' && (context.current !== undefined || context.nextKey !== 1))
    return false
  return snapshot.can(event as never)
}

export const conflict = refused(409, 'invalid_transition', 'That change is not allowed now.')

export const proposalEditorPathEvents: PathEvents<typeof proposalEditorMachine> = (snapshot) => {
  const { context } = snapshot
  if (snapshot.matches('loading'))
    return [
      ...Object.values(opening).map((server) => ({
        type: 'xstate.done.actor.loadProposal' as const,
        output: editorAnswerOf(server.proposals, server.status),
      })),
      { type: 'xstate.error.actor.loadProposal', error: unreachable() },
    ]
  if (snapshot.matches('editing')) {
    const keys = context.values.items.map((item) => item.key)
    const planKeys = context.values.plan?.instalments.map((row) => row.key) ?? []
    const fresh = context.current === undefined
    return [
      { type: 'save', values: typedDraft(keys, true, planKeys) },
      ...(fresh && context.refusedSubmissions === 0
        ? [{ type: 'save' as const, values: typedDraft(keys, false, planKeys) }]
        : []),
      // A plan whose percentages miss 100 is refused with the shared schema's message.
      ...(planKeys.length > 0 && context.refusedSubmissions === 0
        ? [{ type: 'save' as const, values: typedDraft(keys, true, planKeys, false) }]
        : []),
      ...(planKeys.length > 0
        ? [{ type: 'removeInstalment' as const, key: planKeys[planKeys.length - 1] ?? 0 }]
        : []),
      ...(keys.length > 1
        ? [{ type: 'removeItem' as const, key: keys[keys.length - 1] ?? 0 }]
        : []),
    ]
  }
  if (snapshot.matches('saving'))
    return [
      {
        type: 'xstate.done.actor.saveDraft',
        output: changeOutput(saveChange(context.current?.state)),
      },
      ...(context.current === undefined
        ? [{ type: 'xstate.error.actor.saveDraft' as const, error: unreachable() }]
        : []),
    ]
  if (snapshot.matches('sending'))
    return [
      { type: 'xstate.done.actor.sendProposal', output: changeOutput(sent) },
      { type: 'xstate.error.actor.sendProposal', error: conflict },
    ]
  if (snapshot.matches('withdrawing'))
    return [
      { type: 'xstate.done.actor.withdrawProposal', output: changeOutput(withdrawn) },
      { type: 'xstate.error.actor.withdrawProposal', error: unreachable() },
    ]
  return []
}

/** Every read and change answer the editor's paths give (checked against the server). */
export const proposalEditorReads: HeldRead[] = [
  proposalsRead([sentProposal]),
  drafted.answer,
  edited.answer,
  sent.answer,
  withdrawn.answer,
]
