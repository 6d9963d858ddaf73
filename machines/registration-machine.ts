import { setup } from 'xstate'
import { type ApiAnswer, failureAnswer, failureStatus } from '../domain/api/api-contract'
import {
  emptyRegistration,
  parseRegistration,
  payloadOf,
  type RegistrationValues,
} from '../domain/registration/registration-schema'
import {
  type FieldsFlowContext,
  failureOf,
  fieldsFlowActions,
  formFlowGuards,
  freshFieldsFlow,
  onAnswer,
  retryTo,
  showServerError,
  submitTo,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The registration flow (docs/product.md, "Registration"), on the shared form flow
 * (machines/form-flow.ts):
 *
 *   form → validating → submitting → success | error | registered
 *   registered → resending → resent | resendFailed
 *
 * - validating checks the values with the shared schema and goes on to submitting, or back to
 *   the form, which then shows each field's message and the summary. The messages themselves
 *   are derived from the values by the component, in the visitor's current language.
 * - error offers "Try again": back to the form with the values kept (and the server's per-field
 *   messages, when it sent some).
 * - registered (the server says the address already has an account) offers to resend the
 *   recovery email; resendFailed offers to try that again.
 *
 * The HTTP calls are the actors `registerUser` and `resendRecoveryEmail`, injected with
 * `.provide()`; they resolve with the answer's body on 2xx and reject with an error shaped like
 * the HTTP client's (`message`, and `response: { status, data }` when the server answered).
 */

export type RegistrationContext = FieldsFlowContext & { readonly values: RegistrationValues }

export type RegistrationEvent =
  | { readonly type: 'submit'; readonly values: RegistrationValues }
  | { readonly type: 'retry' }
  | { readonly type: 'resend' }
  | { readonly type: 'edit' }

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    // Placeholders: the component provides the real calls (and tests provide doubles).
    registerUser: injectedCall<ApiAnswer, RegistrationValues>('registerUser'),
    resendRecoveryEmail: injectedCall<ApiAnswer, { readonly email: string }>('resendRecoveryEmail'),
  },
  actions: fieldsFlowActions<RegistrationContext, RegistrationEvent>(),
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) => parseRegistration(context.values) !== undefined,
    alreadyRegistered: (_, { error }: { readonly error: unknown }) =>
      failureStatus(error) === 409 && failureAnswer(error)?.code === 'already_registered',
  },
}).createMachine({
  id: 'registration',
  context: {
    values: emptyRegistration,
    ...freshFieldsFlow,
  },
  initial: 'form',
  states: {
    form: { on: submitTo('validating') },
    validating: validating('valuesAreValid', 'submitting', 'form'),
    submitting: {
      invoke: {
        id: 'registerUser',
        src: 'registerUser',
        input: ({ context }) => payloadOf(context.values),
        onDone: onAnswer('success', 'error'),
        onError: [
          {
            guard: { type: 'alreadyRegistered', params: failureOf },
            target: 'registered',
            actions: 'forgetMessage',
          },
          // Not back to the form: the error says so first, "Try again" shows the fields.
          {
            target: 'error',
            actions: [
              showServerError,
              {
                type: 'keepServerFieldErrors',
                params: ({ event }) => ({ fields: failureAnswer(event.error)?.fields }),
              },
            ],
          },
        ],
      },
    },
    success: { type: 'final' },
    error: { on: retryTo('form') },
    registered: {
      on: {
        resend: { target: 'resending' },
        edit: { target: 'form' },
      },
    },
    resending: {
      invoke: {
        id: 'resendRecoveryEmail',
        src: 'resendRecoveryEmail',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: onAnswer('resent', 'resendFailed'),
        onError: { target: 'resendFailed', actions: showServerError },
      },
    },
    resent: { type: 'final' },
    resendFailed: {
      on: { resend: { target: 'resending', actions: 'forgetMessage' } },
    },
  },
})
