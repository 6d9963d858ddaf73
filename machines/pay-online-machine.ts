import { assign, setup } from 'xstate'
import { failureStatus } from '../domain/api/api-contract'
import { messageActions, onFailure, onRefusal } from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The client pays a due instalment online, on Stripe's hosted page (the request's Payments
 * section):
 *
 *   idle → (pay: the instalment, by card or in cash at OXXO) opening
 *   opening → leaving (the page's address: the browser goes there) | notOwed (409: nothing is
 *     owed on it now) | unavailable (503: Stripe does not answer) | failed (the network)
 *   notOwed | unavailable | failed → (pay) opening: the same or another instalment, either way
 *
 * The call is the injected actor `openCheckout` (asks the server for the Checkout Session);
 * going to its address is the injected action `goToCheckout`, so the machine does no I/O.
 */

export type PayOnlineMethod = 'card' | 'oxxo'

export type PayOnlineTarget = {
  readonly instalmentId: string
  readonly folio: string
  readonly method: PayOnlineMethod
}

export type PayOnlineContext = {
  readonly target: PayOnlineTarget | undefined
  /** Stripe's page, once the server gave it. */
  readonly url: string | undefined
  /** The server's text for a refusal (already in the request's language). */
  readonly message: string | undefined
}

export type PayOnlineEvent = { readonly type: 'pay'; readonly target: PayOnlineTarget }

const pay = {
  target: 'opening',
  actions: [
    'forgetMessage',
    {
      type: 'chooseTarget',
      params: ({ event }: { readonly event: PayOnlineEvent }) => ({ target: event.target }),
    },
  ],
} as const

export const payOnlineMachine = setup({
  types: { context: {} as PayOnlineContext, events: {} as PayOnlineEvent },
  actors: {
    openCheckout: injectedCall<{ readonly url: string }, PayOnlineTarget>('openCheckout'),
  },
  actions: {
    ...messageActions<PayOnlineContext, PayOnlineEvent>(),
    chooseTarget: assign((_, { target }: { readonly target: PayOnlineTarget }) => ({
      target,
      url: undefined,
    })),
    keepUrl: assign((_, { url }: { readonly url: string }) => ({ url })),
    /** Provided by the page: the browser leaves for Stripe's page. */
    goToCheckout: (_, _params: { readonly url: string }) => {
      throw new Error('goToCheckout is not provided')
    },
  },
  guards: {
    notOwed: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 409,
    unavailable: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 503,
  },
}).createMachine({
  id: 'payOnline',
  context: { target: undefined, url: undefined, message: undefined },
  initial: 'idle',
  states: {
    idle: { on: { pay } },
    opening: {
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) =>
          context.target ?? { instalmentId: '', folio: '', method: 'card' as const },
        onDone: {
          target: 'leaving',
          actions: [
            { type: 'keepUrl', params: ({ event }) => ({ url: event.output.url }) },
            { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: [
          onRefusal('notOwed', 'notOwed'),
          onRefusal('unavailable', 'unavailable'),
          onFailure('failed'),
        ],
      },
    },
    /** On the way to Stripe's page (the page shows a link to it, should the browser stay). */
    leaving: {},
    notOwed: { on: { pay } },
    unavailable: { on: { pay } },
    failed: { on: { pay } },
  },
})
