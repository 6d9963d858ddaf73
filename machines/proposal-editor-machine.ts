import { assign, setup } from 'xstate'
import { maxInstalments } from '../domain/payments/payment-schedule'
import {
  type DraftValues,
  emptyDraft,
  emptyItem,
  isValidDraft,
} from '../domain/requests/proposal-draft'
import { emptyInstalment } from '../domain/requests/proposal-plan-draft'
import type { RequestStatus } from '../domain/requests/request-status'
import {
  type FormFlowContext,
  formFlowActions,
  freshFlow,
  onFailure,
  retryTo,
  showAnswerText,
  validating,
  valuesOf,
} from './form-flow'
import { injectedCall } from './injected-call'
import {
  allowedProposalActions,
  type ProposalAction,
  type ProposalState,
  requestTakesProposals,
} from './proposal-machine'

/**
 * The agency's proposal for one service request, in the inbox's request detail:
 *
 *   loading → showing | loadFailed (→ retry)
 *   showing → (edit) editing: the current draft, a new one when there is none, or — when the
 *     current proposal was sent or answered — its copy as the next version (revise)
 *   editing: add or remove line items, and the payment plan's instalments (up to 12; removing
 *     the last leaves the proposal without a plan); (save) checking → saving | editing
 *     (refused); (cancel) showing
 *   saving → showing (saved) | failed → (retry) editing, the values kept
 *   showing → (send) confirmingSend → (confirm) sending → showing | actionFailed
 *   showing → (withdraw) confirmingWithdraw → (confirm) withdrawing → showing | actionFailed
 *   actionFailed → (reload) loading: the server's proposal is read again
 *
 * Whether `edit`, `send` and `withdraw` are taken is the shared `proposal` machine's rule on
 * the newest version's state (`allowedProposalActions`), and for a first or next version the
 * `serviceRequest` machine's on the request's status (`requestTakesProposals`). The values are
 * what the form holds (amounts as typed, in pesos, `domain/proposals/proposal-draft.ts`);
 * the page turns them into centavos for the server.
 */

/** What the editor knows of the newest version (a draft, or the one the client was sent). */
export type EditorProposal = {
  readonly id: string
  readonly version: number
  readonly state: ProposalState
  readonly values: DraftValues
}

export type ProposalEditorContext = FormFlowContext & {
  readonly current: EditorProposal | undefined
  /** The request's status: whether it takes a (next) proposal. */
  readonly requestStatus: RequestStatus
  readonly values: DraftValues
  readonly nextKey: number
}

export type ProposalEditorEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'addItem' }
  | { readonly type: 'removeItem'; readonly key: number }
  | { readonly type: 'addInstalment' }
  | { readonly type: 'removeInstalment'; readonly key: number }
  | { readonly type: 'save'; readonly values: DraftValues }
  | { readonly type: 'cancel' }
  | { readonly type: 'send' }
  | { readonly type: 'withdraw' }
  | { readonly type: 'confirm' }
  | { readonly type: 'retry' }
  | { readonly type: 'reload' }

/** The answer of every call: the current proposal as the server now holds it. */
export type EditorAnswer = {
  readonly message?: string
  readonly proposal: EditorProposal | undefined
  readonly requestStatus: RequestStatus
}

export type SaveInput = {
  readonly values: DraftValues
  readonly current: EditorProposal | undefined
}

function agencyMay(proposal: EditorProposal | undefined, action: ProposalAction): boolean {
  return proposal !== undefined && allowedProposalActions(proposal.state, 'agency').includes(action)
}

/**
 * A draft is edited while the `proposal` machine lets the agency edit it; otherwise editing
 * drafts the first or next version, which the request must still take.
 */
function mayEdit({ current, requestStatus }: ProposalEditorContext): boolean {
  if (current?.state === 'draft') return agencyMay(current, 'edit')
  return requestTakesProposals(requestStatus)
}

/** Whether editing the newest version starts the next one (it was sent or answered). */
export function revises(proposal: EditorProposal | undefined): boolean {
  return proposal !== undefined && proposal.state !== 'draft'
}

/** One counter numbers the item rows and the plan's rows (keys are never reused). */
const nextKeyAfter = (values: DraftValues) =>
  [...values.items, ...(values.plan?.instalments ?? [])].reduce(
    (highest, row) => Math.max(highest, row.key),
    -1,
  ) + 1

/** The answer of a call, as the machine's `onDone` sees it. */
type AnswerArgs = { readonly event: { readonly output: EditorAnswer } }

/**
 * A call on the shown proposal (send, withdraw): back to `showing` with the proposal the server
 * now holds and its text, or to `actionFailed`.
 */
function callOnShown<const Actor extends 'sendProposal' | 'withdrawProposal'>(actor: Actor) {
  return {
    invoke: {
      id: actor,
      src: actor,
      input: ({ context }: { readonly context: ProposalEditorContext }) => context.current,
      onDone: {
        target: 'showing',
        actions: [
          { type: 'keepCurrent', params: ({ event }: AnswerArgs) => ({ answer: event.output }) },
          showAnswerText,
        ],
      },
      onError: onFailure('actionFailed'),
    },
  } as const
}

export const proposalEditorMachine = setup({
  types: {
    context: {} as ProposalEditorContext,
    events: {} as ProposalEditorEvent,
  },
  actors: {
    loadProposal: injectedCall<EditorAnswer>('loadProposal'),
    saveDraft: injectedCall<EditorAnswer, SaveInput>('saveDraft'),
    sendProposal: injectedCall<EditorAnswer, EditorProposal | undefined>('sendProposal'),
    withdrawProposal: injectedCall<EditorAnswer, EditorProposal | undefined>('withdrawProposal'),
  },
  actions: {
    ...formFlowActions<ProposalEditorContext, ProposalEditorEvent>(),
    keepCurrent: assign((_, { answer }: { readonly answer: EditorAnswer }) => ({
      current: answer.proposal,
      requestStatus: answer.requestStatus,
    })),
    openDraft: assign(({ context }) => {
      const values = context.current?.values ?? emptyDraft
      return { values, nextKey: nextKeyAfter(values), refusedSubmissions: 0, message: undefined }
    }),
    addItem: assign(({ context }) => ({
      values: { ...context.values, items: [...context.values.items, emptyItem(context.nextKey)] },
      nextKey: context.nextKey + 1,
    })),
    removeItem: assign(({ context }, { key }: { readonly key: number }) => ({
      values: {
        ...context.values,
        items: context.values.items.filter((item) => item.key !== key),
      },
    })),
    addInstalment: assign(({ context }) => {
      const plan = context.values.plan
      const row = emptyInstalment(context.nextKey, plan === null)
      return {
        values: {
          ...context.values,
          plan: plan
            ? { ...plan, instalments: [...plan.instalments, row] }
            : { by: 'percent' as const, instalments: [row] },
        },
        nextKey: context.nextKey + 1,
      }
    }),
    removeInstalment: assign(({ context }, { key }: { readonly key: number }) => {
      const plan = context.values.plan
      const instalments = (plan?.instalments ?? []).filter((row) => row.key !== key)
      return {
        values: {
          ...context.values,
          plan: plan && instalments.length > 0 ? { ...plan, instalments } : null,
        },
      }
    }),
    keepValues: assign((_, { values }: { readonly values: DraftValues }) => ({ values })),
    // Once the draft is saved or left, the form's values are the server's again.
    forgetDraft: assign({ values: emptyDraft, nextKey: 1, refusedSubmissions: 0 }),
  },
  guards: {
    mayEdit: ({ context }) => mayEdit(context),
    maySend: ({ context }) => agencyMay(context.current, 'send'),
    mayWithdraw: ({ context }) => agencyMay(context.current, 'withdraw'),
    severalItems: ({ context }) => context.values.items.length > 1,
    roomForInstalment: ({ context }) =>
      (context.values.plan?.instalments.length ?? 0) < maxInstalments,
    draftIsValid: ({ context }) => isValidDraft(context.values),
  },
}).createMachine({
  id: 'proposalEditor',
  context: {
    ...freshFlow,
    current: undefined,
    requestStatus: 'received',
    values: emptyDraft,
    nextKey: 1,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProposal',
        src: 'loadProposal',
        onDone: {
          target: 'showing',
          actions: { type: 'keepCurrent', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: onFailure('loadFailed'),
      },
    },
    loadFailed: { on: retryTo('loading') },
    showing: {
      on: {
        edit: { guard: 'mayEdit', target: 'editing', actions: 'openDraft' },
        send: { guard: 'maySend', target: 'confirmingSend', actions: 'forgetMessage' },
        withdraw: { guard: 'mayWithdraw', target: 'confirmingWithdraw', actions: 'forgetMessage' },
      },
    },
    editing: {
      on: {
        addItem: { actions: 'addItem' },
        removeItem: {
          guard: 'severalItems',
          actions: { type: 'removeItem', params: ({ event }) => ({ key: event.key }) },
        },
        addInstalment: { guard: 'roomForInstalment', actions: 'addInstalment' },
        removeInstalment: {
          actions: { type: 'removeInstalment', params: ({ event }) => ({ key: event.key }) },
        },
        cancel: { target: 'showing', actions: ['forgetMessage', 'forgetDraft'] },
        save: {
          target: 'checking',
          actions: { type: 'keepValues', params: valuesOf },
        },
      },
    },
    checking: validating('draftIsValid', 'saving', 'editing'),
    saving: {
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ values: context.values, current: context.current }),
        onDone: {
          target: 'showing',
          actions: [
            { type: 'keepCurrent', params: ({ event }) => ({ answer: event.output }) },
            showAnswerText,
            'forgetDraft',
          ],
        },
        onError: onFailure('failed'),
      },
    },
    failed: { on: retryTo('editing') },
    confirmingSend: {
      on: { confirm: 'sending', cancel: 'showing' },
    },
    sending: callOnShown('sendProposal'),
    confirmingWithdraw: {
      on: { confirm: 'withdrawing', cancel: 'showing' },
    },
    withdrawing: callOnShown('withdrawProposal'),
    actionFailed: { on: { reload: { target: 'loading', actions: 'forgetMessage' } } },
  },
})
