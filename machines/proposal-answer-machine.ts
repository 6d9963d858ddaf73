import { assign, setup } from 'xstate'
import { failureStatus, type SuccessBody } from '../domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  freshFlow,
  onFailure,
  onRefusal,
  showAnswerText,
  validating,
  valuesOf,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * A client's answer to the current proposal of one of their requests, at `/my-services/<id>`:
 *
 *   viewing → (accept) accepting → (submit) checking → submittingAcceptance | accepting (refused)
 *   viewing → (decline) declining → (submit) submittingDecline
 *   submitting… → accepted | declined | refused (the server's 409/410: the proposal is no
 *     longer the one to answer) | failed
 *   accepting | declining → (cancel) viewing;  failed → (retry) the form, its values kept
 *   refused → (view) viewing: the page has read the proposal the server now holds
 *
 * Accepting needs the client's full name typed and "I accept this proposal" ticked; declining
 * takes an optional reason. Which answers the page offers is the `proposal` machine's rule,
 * read by the page. The calls are the injected actors `acceptProposal` and `declineProposal`.
 */

export type AcceptanceValues = { readonly fullName: string; readonly agreed: boolean }
export type DeclineValues = { readonly reason: string }

export type ProposalAnswerContext = FormFlowContext & {
  readonly acceptance: AcceptanceValues
  readonly decline: DeclineValues
  /** The last answer tried, so `retry` reopens its form. */
  readonly answering: 'accept' | 'decline'
}

export type ProposalAnswerEvent =
  | { readonly type: 'accept' }
  | { readonly type: 'decline' }
  | { readonly type: 'cancel' }
  | { readonly type: 'submitAcceptance'; readonly values: AcceptanceValues }
  | { readonly type: 'submitDecline'; readonly values: DeclineValues }
  | { readonly type: 'retry' }
  | { readonly type: 'view' }

export const emptyAcceptance: AcceptanceValues = { fullName: '', agreed: false }

/** A full name worth recording (letters, not blanks) and the box ticked. */
export function isCompleteAcceptance(values: AcceptanceValues): boolean {
  return values.agreed && values.fullName.trim().length >= 2
}

/**
 * How an answer's call ends: `done` with the server's text; `refused` when the proposal is no
 * longer the one to answer (409/410), with the server's text; else `failed`.
 */
function answerSettled<const Done extends 'accepted' | 'declined'>(done: Done) {
  return {
    onDone: { target: done, actions: showAnswerText },
    onError: [onRefusal('noLongerOpen', 'refused'), onFailure('failed')],
  } as const
}

export const proposalAnswerMachine = setup({
  types: {
    context: {} as ProposalAnswerContext,
    events: {} as ProposalAnswerEvent,
  },
  actors: {
    acceptProposal: injectedCall<SuccessBody, AcceptanceValues>('acceptProposal'),
    declineProposal: injectedCall<SuccessBody, DeclineValues>('declineProposal'),
  },
  actions: {
    ...formFlowActions<ProposalAnswerContext, ProposalAnswerEvent>(),
    keepAcceptance: assign((_, { values }: { readonly values: AcceptanceValues }) => ({
      acceptance: values,
      answering: 'accept' as const,
    })),
    keepDecline: assign((_, { values }: { readonly values: DeclineValues }) => ({
      decline: values,
      answering: 'decline' as const,
    })),
    // Back to the context the page opened with (the next answer sets `answering` again).
    startOver: assign({
      ...freshFlow,
      acceptance: emptyAcceptance,
      decline: { reason: '' },
      answering: 'accept' as const,
    }),
  },
  guards: {
    acceptanceComplete: ({ context }) => isCompleteAcceptance(context.acceptance),
    /** 409 (answered, superseded, withdrawn) or 410 (expired): not this proposal any more. */
    noLongerOpen: (_, { error }: { readonly error: unknown }) => {
      const status = failureStatus(error)
      return status === 409 || status === 410
    },
    wasAccepting: ({ context }) => context.answering === 'accept',
  },
}).createMachine({
  id: 'proposalAnswer',
  context: {
    ...freshFlow,
    acceptance: emptyAcceptance,
    decline: { reason: '' },
    answering: 'accept',
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: { accept: 'accepting', decline: 'declining' },
    },
    accepting: {
      on: {
        cancel: { target: 'viewing', actions: 'startOver' },
        submitAcceptance: {
          target: 'checking',
          actions: { type: 'keepAcceptance', params: valuesOf },
        },
      },
    },
    checking: validating('acceptanceComplete', 'submittingAcceptance', 'accepting'),
    submittingAcceptance: {
      invoke: {
        id: 'acceptProposal',
        src: 'acceptProposal',
        input: ({ context }) => context.acceptance,
        ...answerSettled('accepted'),
      },
    },
    declining: {
      on: {
        cancel: { target: 'viewing', actions: 'startOver' },
        submitDecline: {
          target: 'submittingDecline',
          actions: { type: 'keepDecline', params: valuesOf },
        },
      },
    },
    submittingDecline: {
      invoke: {
        id: 'declineProposal',
        src: 'declineProposal',
        input: ({ context }) => context.decline,
        ...answerSettled('declined'),
      },
    },
    failed: {
      on: {
        retry: [
          { guard: 'wasAccepting', target: 'accepting', actions: 'forgetMessage' },
          { target: 'declining', actions: 'forgetMessage' },
        ],
      },
    },
    refused: {
      on: { view: { target: 'viewing', actions: 'startOver' } },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
  },
})
