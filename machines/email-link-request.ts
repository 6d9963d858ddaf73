import { assign } from 'xstate'
import { isValidRecoveryRequest } from '../domain/accounts/account-checks'
import type { ApiAnswer } from '../domain/api/api-contract'
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
 * "Send me a link by email": one address, one mail, on the shared form flow
 * (machines/form-flow.ts). Each form that asks for a link sets up its own machine from these
 * parts, under its own id and with its own call (the endpoint's name), so that the diagrams, the
 * inspector and the held answers tell them apart:
 *
 *   setup({ ...emailLinkSetup, actors: { [call]: linkCall(call) } })
 *     .createMachine({ id, context: freshEmailLink, initial: 'form', states: emailLinkStates(call) })
 *
 *   form → (submit) validating → sending | form (refused)
 *   sending → sent | failed;  failed → (retry) form
 *
 * The server answers alike whether or not the address has an account, and so does `sent`.
 */

export type EmailLinkContext = FormFlowContext & { readonly email: string }

export type EmailLinkEvent =
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'retry' }

/** The call that sends the mail, injected by the form. */
export const linkCall = (call: string) => injectedCall<ApiAnswer, { readonly email: string }>(call)

const emailLinkActions = {
  ...formFlowActions<EmailLinkContext, EmailLinkEvent>(),
  takeEmail: assign<
    EmailLinkContext,
    EmailLinkEvent,
    { readonly email: string },
    EmailLinkEvent,
    never
  >((_, { email }) => ({ email })),
}

const emailLinkGuards = {
  emailIsValid: ({ context }: { readonly context: EmailLinkContext }) =>
    isValidRecoveryRequest({ email: context.email }),
}

/** What a form asking for a link sets up besides its call. */
export const emailLinkSetup = {
  types: { context: {} as EmailLinkContext, events: {} as EmailLinkEvent },
  actions: emailLinkActions,
  guards: emailLinkGuards,
}

export const freshEmailLink: EmailLinkContext = { email: '', ...freshFlow }

const emailOf = ({ event }: { readonly event: { readonly email: string } }) => ({
  email: event.email,
})

const emailInContext = ({ context }: { readonly context: EmailLinkContext }) => ({
  email: context.email,
})

/** The states of a form asking for a link, which sends it with the actor `call`. */
export function emailLinkStates<const Call extends string>(call: Call) {
  return {
    form: {
      on: { submit: { target: 'validating', actions: { type: 'takeEmail', params: emailOf } } },
    },
    validating: validating('emailIsValid', 'sending', 'form'),
    sending: {
      invoke: {
        id: call,
        src: call,
        input: emailInContext,
        onDone: { target: 'sent' },
        onError: [onFailure('failed')],
      },
    },
    sent: { type: 'final' },
    failed: { on: retryTo('form') },
  } as const
}
