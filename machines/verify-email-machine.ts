import { setup } from 'xstate'
import { verificationTokenPattern } from '../domain/accounts/account-schemas'
import { type ApiAnswer, failureAnswer } from '../domain/api/api-contract'
import { injectedCall } from './injected-call'

/**
 * The page the verification mail links to (`/verify-email?token=…`):
 *
 *   (link checked) → verifying | invalid
 *   verifying → verified | alreadyConfirmed | invalid | expired | failed
 *   failed → (retry) verifying
 *
 * `alreadyConfirmed` is a link opened again once its address is confirmed (sign in);
 * `expired` offers a new link (verificationRequestMachine). *
 * `failed` is a call that got no answer of the contract (the network, the server): the token
 * may still be good, so the visitor can try again.
 */

export type VerifyEmailEvent = { readonly type: 'retry' }

export const verifyEmailMachine = setup({
  types: {
    context: {} as { readonly token: string },
    events: {} as VerifyEmailEvent,
    input: {} as { readonly token: string },
  },
  actors: {
    verifyEmail: injectedCall<ApiAnswer, { readonly token: string }>('verifyEmail'),
  },
  guards: {
    linkLooksRight: ({ context }) => verificationTokenPattern.test(context.token),
    codeIn: (_, { error, codes }: { readonly error: unknown; readonly codes: readonly string[] }) =>
      codes.includes(failureAnswer(error)?.code ?? ''),
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'linkLooksRight', target: 'verifying' }, { target: 'invalid' }],
    },
    verifying: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'verified' },
        onError: [
          {
            guard: {
              type: 'codeIn',
              params: ({ event }) => ({ error: event.error, codes: ['expired_token'] }),
            },
            target: 'expired',
          },
          {
            guard: {
              type: 'codeIn',
              params: ({ event }) => ({ error: event.error, codes: ['already_verified'] }),
            },
            target: 'alreadyConfirmed',
          },
          {
            guard: {
              type: 'codeIn',
              params: ({ event }) => ({
                error: event.error,
                codes: ['invalid_token', 'invalid_fields'],
              }),
            },
            target: 'invalid',
          },
          { target: 'failed' },
        ],
      },
    },
    verified: { type: 'final' },
    alreadyConfirmed: { type: 'final' },
    invalid: { type: 'final' },
    expired: { type: 'final' },
    failed: {
      on: { retry: { target: 'verifying' } },
    },
  },
})
