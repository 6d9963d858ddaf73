import { assign, fromPromise, setup } from 'xstate'
import {
  type ApiAnswer,
  type FieldErrors,
  failureAnswer,
  failureStatus,
} from '../src/domain/api/api-contract'
import {
  emptyRegistration,
  parseRegistration,
  payloadOf,
  type RegistrationValues,
} from '../src/domain/registration/registration-schema'

/**
 * The registration flow (docs/product.md, "Registration"):
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

export type RegistrationContext = {
  readonly values: RegistrationValues
  /** How many submissions validation refused (the form shows messages once it is > 0, and moves focus on each). */
  readonly refusedSubmissions: number
  /** Per-field messages the server sent with a 400 (already in the request's language). */
  readonly serverFieldErrors: FieldErrors
  /** The server's text for the current result view; the view falls back to its default text. */
  readonly message: string | undefined
}

export type RegistrationEvent =
  | { readonly type: 'submit'; readonly values: RegistrationValues }
  | { readonly type: 'retry' }
  | { readonly type: 'resend' }
  | { readonly type: 'edit' }

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

type Message = { readonly message: string | undefined }

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    // Placeholders: the component provides the real calls (and tests provide doubles).
    registerUser: fromPromise<ApiAnswer, RegistrationValues>(async () => {
      throw new Error('registerUser is not provided')
    }),
    resendRecoveryEmail: fromPromise<ApiAnswer, { readonly email: string }>(async () => {
      throw new Error('resendRecoveryEmail is not provided')
    }),
  },
  actions: {
    rememberValues: assign((_, { values }: { readonly values: RegistrationValues }) => ({
      values,
      serverFieldErrors: {},
    })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    showMessage: assign((_, { message }: Message) => ({ message: text(message) })),
    forgetMessage: assign({ message: undefined }),
    keepServerFieldErrors: assign(
      (_, { fields }: { readonly fields: FieldErrors | undefined }) => ({
        serverFieldErrors: fields ?? {},
      }),
    ),
  },
  guards: {
    valuesAreValid: ({ context }) => parseRegistration(context.values) !== undefined,
    answerSucceeded: (_, answer: ApiAnswer | undefined) => answer?.success === true,
    alreadyRegistered: (_, error: unknown) =>
      failureStatus(error) === 409 && failureAnswer(error)?.code === 'already_registered',
  },
}).createMachine({
  id: 'registration',
  context: {
    values: emptyRegistration,
    refusedSubmissions: 0,
    serverFieldErrors: {},
    message: undefined,
  },
  initial: 'form',
  states: {
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'rememberValues', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    validating: {
      always: [
        { guard: 'valuesAreValid', target: 'submitting' },
        { target: 'form', actions: 'countRefusal' },
      ],
    },
    submitting: {
      invoke: {
        id: 'registerUser',
        src: 'registerUser',
        input: ({ context }) => payloadOf(context.values),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'success',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: event.output.message }),
            },
          },
          // 2xx without success: true: the server's message, else the default failure text.
          {
            target: 'error',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: event.output.message }),
            },
          },
        ],
        onError: [
          {
            guard: {
              type: 'alreadyRegistered',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'registered',
            actions: 'forgetMessage',
          },
          {
            target: 'error',
            actions: [
              {
                type: 'showMessage',
                params: ({ event }) => ({ message: failureAnswer(event.error)?.error }),
              },
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
    error: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
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
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'resent',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: event.output.message }),
            },
          },
          {
            target: 'resendFailed',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: event.output.error ?? event.output.message }),
            },
          },
        ],
        onError: {
          target: 'resendFailed',
          actions: {
            type: 'showMessage',
            params: ({ event }) => ({ message: failureAnswer(event.error)?.error }),
          },
        },
      },
    },
    resent: { type: 'final' },
    resendFailed: {
      on: { resend: { target: 'resending', actions: 'forgetMessage' } },
    },
  },
})
