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
 * "Forgot your password?" on `/login`: one address, one recovery mail, on the shared form flow
 * (machines/form-flow.ts).
 *
 *   form → (submit) validating → sending | form (refused)
 *   sending → sent | failed;  failed → (retry) form
 *
 * The server answers alike whether or not the address has an account, and so does `sent`.
 */

export type RecoveryRequestContext = FormFlowContext & { readonly email: string }

export type RecoveryRequestEvent =
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'retry' }

export const recoveryRequestMachine = setup({
  types: { context: {} as RecoveryRequestContext, events: {} as RecoveryRequestEvent },
  actors: {
    resendRecoveryEmail: injectedCall<ApiAnswer, { readonly email: string }>('resendRecoveryEmail'),
  },
  actions: {
    ...formFlowActions<RecoveryRequestContext, RecoveryRequestEvent>(),
    takeEmail: assign((_, { email }: { readonly email: string }) => ({ email })),
  },
  guards: {
    emailIsValid: ({ context }) => isValidRecoveryRequest({ email: context.email }),
  },
}).createMachine({
  id: 'recoveryRequest',
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
        id: 'resendRecoveryEmail',
        src: 'resendRecoveryEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: [onFailure('failed')],
      },
    },
    sent: { type: 'final' },
    failed: { on: retryTo('form') },
  },
})
