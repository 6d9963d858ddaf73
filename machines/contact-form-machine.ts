import { setup } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import {
  type ContactFormValues,
  emptyContactForm,
  isValidContactForm,
} from '../domain/leads/contact-form'
import type { ServiceId } from '../domain/services/service-table'
import {
  type FieldsFlowContext,
  fieldsFlowActions,
  formFlowGuards,
  freshFieldsFlow,
  onTooManyTries,
  retryTo,
  valuesFormStates,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The contact form (`/contact`), the shared form flow (machines/form-flow.ts) with a limit:
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

export type ContactFormContext = FieldsFlowContext & { readonly values: ContactFormValues }

export type ContactFormEvent =
  | { readonly type: 'submit'; readonly values: ContactFormValues }
  | { readonly type: 'retry' }

export type ContactFormInput = { readonly service?: ServiceId | '' }

export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput,
  },
  actors: {
    sendEnquiry: injectedCall<ApiAnswer, ContactFormValues>('sendEnquiry'),
  },
  actions: fieldsFlowActions<ContactFormContext, ContactFormEvent>(),
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) => isValidContactForm(context.values),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({
    values: emptyContactForm(input.service ?? ''),
    ...freshFieldsFlow,
  }),
  initial: 'editing',
  states: {
    ...valuesFormStates('sendEnquiry', onTooManyTries()),
    rateLimited: { on: retryTo('editing') },
  },
})
