import { assign, fromPromise, setup } from 'xstate'
import {
  type ApiAnswer,
  type FieldErrors,
  failureAnswer,
  failureStatus,
} from '../src/domain/api/api-contract'
import {
  type ContactFormValues,
  emptyContactForm,
  isValidContactForm,
} from '../src/domain/leads/contact-form'
import type { ServiceId } from '../src/domain/services/service-table'

/**
 * The contact form (`/contact`):
 *
 *   editing → (submit) validating → submitting | editing (refused: the fields say why)
 *   submitting → sent | editing (the server refused fields) | rateLimited | error
 *   rateLimited | error → (retry) editing, the values kept
 *
 * The call is the injected actor `sendEnquiry`, given the values; it adds how long the form has
 * been open (a clock is an effect: the server drops a message sent faster than a person types),
 * resolves with the answer's body on 2xx and rejects with an error shaped like the HTTP client's
 * (`message`, and `response: { status, data }`).
 */

export type ContactFormContext = {
  readonly values: ContactFormValues
  /** Submissions refused by the schema or the server (focus moves to a field on each). */
  readonly refusedSubmissions: number
  /** Per-field messages of the server's 400 (already in the request's language). */
  readonly serverFieldErrors: FieldErrors
  /** The server's text for the current outcome; the view falls back to its own. */
  readonly message: string | undefined
}

export type ContactFormEvent =
  | { readonly type: 'submit'; readonly values: ContactFormValues }
  | { readonly type: 'retry' }

export type ContactFormInput = { readonly service?: ServiceId | '' }

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput,
  },
  actors: {
    sendEnquiry: fromPromise<ApiAnswer, ContactFormValues>(async () => {
      throw new Error('sendEnquiry is not provided')
    }),
  },
  actions: {
    rememberValues: assign((_, { values }: { readonly values: ContactFormValues }) => ({
      values,
      serverFieldErrors: {},
    })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    keepServerFieldErrors: assign((_, { fields }: { readonly fields: FieldErrors }) => ({
      serverFieldErrors: fields,
    })),
    showMessage: assign((_, { message }: { readonly message: unknown }) => ({
      message: text(message),
    })),
    forgetMessage: assign({ message: undefined }),
  },
  guards: {
    valuesAreValid: ({ context }) => isValidContactForm(context.values),
    fieldsRefused: (_, { error }: { readonly error: unknown }) =>
      failureStatus(error) === 400 &&
      Object.keys(failureAnswer(error)?.fields ?? {}).some((field) => field !== ''),
    tooManyTries: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 429,
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({
    values: emptyContactForm(input.service ?? ''),
    refusedSubmissions: 0,
    serverFieldErrors: {},
    message: undefined,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'rememberValues',
            params: ({ event }) => ({ values: event.values }),
          },
        },
      },
    },
    validating: {
      always: [
        { guard: 'valuesAreValid', target: 'submitting' },
        { target: 'editing', actions: 'countRefusal' },
      ],
    },
    submitting: {
      invoke: {
        id: 'sendEnquiry',
        src: 'sendEnquiry',
        input: ({ context }) => context.values,
        onDone: {
          target: 'sent',
          actions: {
            type: 'showMessage',
            params: ({ event }) => ({ message: event.output.message }),
          },
        },
        onError: [
          {
            guard: { type: 'fieldsRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              {
                type: 'keepServerFieldErrors',
                params: ({ event }) => ({ fields: failureAnswer(event.error)?.fields ?? {} }),
              },
              'countRefusal',
            ],
          },
          {
            guard: { type: 'tooManyTries', params: ({ event }) => ({ error: event.error }) },
            target: 'rateLimited',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: failureAnswer(event.error)?.message }),
            },
          },
          {
            target: 'error',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: failureAnswer(event.error)?.message }),
            },
          },
        ],
      },
    },
    sent: { type: 'final' },
    rateLimited: {
      on: { retry: { target: 'editing', actions: 'forgetMessage' } },
    },
    error: {
      on: { retry: { target: 'editing', actions: 'forgetMessage' } },
    },
  },
})
