import { assign, fromPromise, setup } from 'xstate'
import {
  type FieldErrors,
  failureAnswer,
  failureStatus,
  type ServiceRequestBody,
} from '../src/domain/api/api-contract'
import {
  emptyServiceRequestForm,
  isValidServiceRequestForm,
  type ServiceRequestFormValues,
} from '../src/domain/requests/service-request-form'
import type { ServiceId } from '../src/domain/services/service-table'

/**
 * A client's brief for one service (the service pages' "Request this service"):
 *
 *   editing → (submit) validating → submitting | editing (refused: the fields say why)
 *   submitting → sent | editing (the server refused fields) | error
 *   error → (retry) editing, the values kept
 *
 * The call is the injected actor `sendRequest`, given the values; it resolves with the created
 * request on 2xx and rejects with an error shaped like the HTTP client's.
 */

export type ServiceRequestFormContext = {
  readonly serviceId: ServiceId
  readonly values: ServiceRequestFormValues
  /** Submissions refused by the schema or the server (focus moves to a field on each). */
  readonly refusedSubmissions: number
  /** Per-field messages of the server's 400 (already in the request's language). */
  readonly serverFieldErrors: FieldErrors
  /** The server's text for the current outcome; the view falls back to its own. */
  readonly message: string | undefined
}

export type ServiceRequestFormEvent =
  | { readonly type: 'submit'; readonly values: ServiceRequestFormValues }
  | { readonly type: 'retry' }

export type ServiceRequestFormInput = { readonly serviceId: ServiceId }

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

export const serviceRequestFormMachine = setup({
  types: {
    context: {} as ServiceRequestFormContext,
    events: {} as ServiceRequestFormEvent,
    input: {} as ServiceRequestFormInput,
  },
  actors: {
    sendRequest: fromPromise<ServiceRequestBody, ServiceRequestFormValues>(async () => {
      throw new Error('sendRequest is not provided')
    }),
  },
  actions: {
    rememberValues: assign((_, { values }: { readonly values: ServiceRequestFormValues }) => ({
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
    valuesAreValid: ({ context }) => isValidServiceRequestForm(context.serviceId, context.values),
    fieldsRefused: (_, { error }: { readonly error: unknown }) =>
      failureStatus(error) === 400 &&
      Object.keys(failureAnswer(error)?.fields ?? {}).some((field) => field !== ''),
  },
}).createMachine({
  id: 'serviceRequestForm',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    values: emptyServiceRequestForm,
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
          actions: { type: 'rememberValues', params: ({ event }) => ({ values: event.values }) },
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
        id: 'sendRequest',
        src: 'sendRequest',
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
    error: {
      on: { retry: { target: 'editing', actions: 'forgetMessage' } },
    },
  },
})
