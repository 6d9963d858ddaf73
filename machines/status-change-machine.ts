import { assign, setup } from 'xstate'
import { failureStatus, type ServiceRequestBody } from '../domain/api/api-contract'
import type { RequestStatus } from '../domain/requests/request-status'
import {
  type FormFlowContext,
  messageActions,
  onFailure,
  onRefusal,
  retryTo,
  showAnswerText,
  valuesOf,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * A change of one service request's status, with a note for the other side: the agency's
 * status form in the admin inbox, and a client's withdrawal in `/my-services` (the target is
 * then always `withdrawn`).
 *
 *   idle → (edit) editing → (submit) submitting → done | conflict | error
 *   editing → (cancel) idle;  error → (retry) editing, the choice and note kept
 *   done | conflict → (edit) editing: another change, from the status the server now holds
 *
 * `conflict` is the server's 409: the request moved meanwhile (another admin, the client
 * withdrew), so the page reloads it and offers what its new status allows. Which statuses are
 * offered is the `serviceRequest` machine's rule (`allowedChanges`), read by the page. The call
 * is the injected actor `changeStatus`, given the target and the note. The submitting part is
 * the shared form flow's (machines/form-flow.ts), with no check of its own before the call.
 */

export type StatusChangeValues = { readonly to: RequestStatus; readonly note: string }

export type StatusChangeContext = Pick<FormFlowContext, 'message'> & {
  readonly values: StatusChangeValues | undefined
}

export type StatusChangeEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'cancel' }
  | { readonly type: 'submit'; readonly values: StatusChangeValues }
  | { readonly type: 'retry' }

export const statusChangeMachine = setup({
  types: {
    context: {} as StatusChangeContext,
    events: {} as StatusChangeEvent,
  },
  actors: {
    changeStatus: injectedCall<ServiceRequestBody, StatusChangeValues>('changeStatus'),
  },
  actions: {
    ...messageActions<StatusChangeContext, StatusChangeEvent>(),
    rememberValues: assign((_, { values }: { readonly values: StatusChangeValues }) => ({
      values,
    })),
    forgetAll: assign({ values: undefined, message: undefined }),
  },
  guards: {
    conflicting: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 409,
  },
}).createMachine({
  id: 'statusChange',
  context: { values: undefined, message: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: { edit: 'editing' },
    },
    editing: {
      on: {
        cancel: { target: 'idle', actions: 'forgetAll' },
        submit: { target: 'submitting', actions: { type: 'rememberValues', params: valuesOf } },
      },
    },
    submitting: {
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => context.values ?? { to: 'received', note: '' },
        onDone: { target: 'done', actions: showAnswerText },
        onError: [onRefusal('conflicting', 'conflict'), onFailure('error')],
      },
    },
    done: {
      on: { edit: { target: 'editing', actions: 'forgetAll' } },
    },
    conflict: {
      on: { edit: { target: 'editing', actions: 'forgetAll' } },
    },
    error: { on: retryTo('editing') },
  },
})
