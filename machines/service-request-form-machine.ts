import { setup } from 'xstate'
import type { ServiceRequestBody } from '../domain/api/api-contract'
import {
  emptyServiceRequestForm,
  isValidServiceRequestForm,
  type ServiceRequestFormValues,
} from '../domain/requests/service-request-form'
import type { ServiceId } from '../domain/services/service-table'
import {
  type FieldsFlowContext,
  fieldsFlowActions,
  formFlowGuards,
  freshFieldsFlow,
  valuesFormStates,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * A client's brief for one service (the service pages' "Request this service"), the shared
 * form flow (machines/form-flow.ts) without a limit of its own:
 *
 *   editing → (submit) validating → submitting | editing (refused: the fields say why)
 *   submitting → sent | editing (the server refused fields) | error
 *   error → (retry) editing, the values kept
 *
 * The call is the injected actor `sendRequest`, given the values; it resolves with the created
 * request on 2xx and rejects with an error shaped like the HTTP client's.
 */

export type ServiceRequestFormContext = FieldsFlowContext & {
  readonly serviceId: ServiceId
  readonly values: ServiceRequestFormValues
}

export type ServiceRequestFormEvent =
  | { readonly type: 'submit'; readonly values: ServiceRequestFormValues }
  | { readonly type: 'retry' }

export type ServiceRequestFormInput = { readonly serviceId: ServiceId }

export const serviceRequestFormMachine = setup({
  types: {
    context: {} as ServiceRequestFormContext,
    events: {} as ServiceRequestFormEvent,
    input: {} as ServiceRequestFormInput,
  },
  actors: {
    sendRequest: injectedCall<ServiceRequestBody, ServiceRequestFormValues>('sendRequest'),
  },
  actions: fieldsFlowActions<ServiceRequestFormContext, ServiceRequestFormEvent>(),
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) => isValidServiceRequestForm(context.serviceId, context.values),
  },
}).createMachine({
  id: 'serviceRequestForm',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    values: emptyServiceRequestForm,
    ...freshFieldsFlow,
  }),
  initial: 'editing',
  states: valuesFormStates('sendRequest'),
})
