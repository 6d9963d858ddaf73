import { assign, setup } from 'xstate'
import { isValidRecoveryRequest } from '../src/domain/accounts/account-checks'
import type { ApiAnswer } from '../src/domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  freshFlow,
  onFailure,
  retryTo,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * "Send me a new link" on an expired confirmation link's page: one address, one new
 * confirmation mail (`resendVerification`, as the sign-in form offers it), on the shared form
 * flow (machines/form-flow.ts).
 *
 *   form → (submit) validating → sending | form (refused)
 *   sending → sent | failed;  failed → (retry) form
 *
 * The server answers alike whether or not the address has an account, and so does `sent`.
 */

export type VerificationRequestContext = FormFlowContext & { readonly email: string }

export type VerificationRequestEvent =
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'retry' }

export const verificationRequestMachine = setup({
  types: { context: {} as VerificationRequestContext, events: {} as VerificationRequestEvent },
  actors: {
    resendVerification: injectedCall<ApiAnswer, { readonly email: string }>('resendVerification'),
  },
  actions: {
    ...formFlowActions<VerificationRequestContext, VerificationRequestEvent>(),
    takeEmail: assign((_, { email }: { readonly email: string }) => ({ email })),
  },
  guards: {
    emailIsValid: ({ context }) => isValidRecoveryRequest({ email: context.email }),
  },
}).createMachine({
  id: 'verificationRequest',
  context: { email: '', ...freshFlow },
  initial: 'form',
  states: {
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'takeEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    validating: validating('emailIsValid', 'sending', 'form'),
    sending: {
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: [onFailure('failed')],
      },
    },
    sent: { type: 'final' },
    failed: { on: retryTo('form') },
  },
})
