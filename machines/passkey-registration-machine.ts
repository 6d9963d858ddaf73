import { assign, setup } from 'xstate'
import { passkeyNameLength } from '../domain/accounts/factor-schemas'
import type {
  PasskeyAddedBody,
  PasskeyOptionsJSON,
  PasskeyRegistrationJSON,
} from '../domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onCeremonyCancelled,
  onFailure,
  onProofCancelled,
  onTooManyTries,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * Adding a passkey on `/profile`:
 *
 *   idle → (add) preparing → dialog | idle (fresh proof declined) | rateLimited | failed
 *   dialog (the browser's) → naming | cancelled (closed) | failed
 *   naming → (submit) validating → saving | naming (refused);  naming → (cancel) cancelled
 *   saving → saved | idle (fresh proof declined) | rateLimited | failed
 *   saved | cancelled | failed | rateLimited → (add) preparing, (dismiss) idle
 *
 * `preparing` asks the server for the ceremony's options, `dialog` hands them to the browser,
 * `saving` sends its answer with the name. The first second factor comes with recovery codes,
 * shown once in `saved`.
 */

/** What the browser's dialog answered (WebAuthn's JSON), sent back as is. */
export type PasskeyCredential = PasskeyRegistrationJSON

export type PasskeySaved = PasskeyAddedBody

export type PasskeyRegistrationContext = FormFlowContext & {
  readonly options: PasskeyOptionsJSON | undefined
  readonly credential: PasskeyCredential | undefined
  readonly name: string
  readonly recoveryCodes: readonly string[]
}

export type PasskeyRegistrationEvent =
  | { readonly type: 'add' }
  | { readonly type: 'submit'; readonly name: string }
  | { readonly type: 'cancel' }
  | { readonly type: 'dismiss' }

/** The longest passkey name the server keeps. */
export const passkeyNameMaxLength = passkeyNameLength.max

export function isValidPasskeyName(name: string): boolean {
  const trimmed = name.trim()
  return trimmed !== '' && trimmed.length <= passkeyNameMaxLength
}

// Never sent: `saving` is reached only once the dialog answered.
const missingCredential: PasskeyCredential = {
  id: '',
  rawId: '',
  type: 'public-key',
  response: { clientDataJSON: '', attestationObject: '' },
  clientExtensionResults: {},
}

const again = {
  add: { target: 'preparing', actions: 'forgetAll' },
  dismiss: { target: 'idle', actions: 'forgetAll' },
} as const

export const passkeyRegistrationMachine = setup({
  types: { context: {} as PasskeyRegistrationContext, events: {} as PasskeyRegistrationEvent },
  actors: {
    registrationOptions: injectedCall<PasskeyOptionsJSON>('registrationOptions'),
    createCredential: injectedCall<PasskeyCredential, { readonly options: PasskeyOptionsJSON }>(
      'createCredential',
    ),
    savePasskey: injectedCall<
      PasskeySaved,
      { readonly credential: PasskeyCredential; readonly name: string }
    >('savePasskey'),
  },
  actions: {
    ...formFlowActions<PasskeyRegistrationContext, PasskeyRegistrationEvent>(),
    keepOptions: assign((_, { options }: { readonly options: PasskeyOptionsJSON }) => ({
      options,
    })),
    keepCredential: assign((_, { credential }: { readonly credential: PasskeyCredential }) => ({
      credential,
    })),
    takeName: assign((_, { name }: { readonly name: string }) => ({ name: name.trim() })),
    keepRecoveryCodes: assign((_, { codes }: { readonly codes: readonly string[] }) => ({
      recoveryCodes: codes,
    })),
    forgetAll: assign({
      options: undefined,
      credential: undefined,
      name: '',
      recoveryCodes: [],
      ...freshFlow,
    }),
    /** Injected: the list of passkeys asks the server again. */
    refresh: () => {},
  },
  guards: {
    ...formFlowGuards,
    nameIsValid: ({ context }) => isValidPasskeyName(context.name),
  },
}).createMachine({
  id: 'passkeyRegistration',
  context: { options: undefined, credential: undefined, name: '', recoveryCodes: [], ...freshFlow },
  initial: 'idle',
  states: {
    idle: { on: { add: { target: 'preparing', actions: 'forgetAll' } } },
    preparing: {
      invoke: {
        id: 'registrationOptions',
        src: 'registrationOptions',
        onDone: {
          target: 'dialog',
          actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: [onProofCancelled('idle'), onTooManyTries(), onFailure('failed')],
      },
    },
    dialog: {
      invoke: {
        id: 'createCredential',
        src: 'createCredential',
        input: ({ context }) => ({ options: context.options ?? { challenge: '' } }),
        onDone: {
          target: 'naming',
          actions: {
            type: 'keepCredential',
            params: ({ event }) => ({ credential: event.output }),
          },
        },
        onError: [onCeremonyCancelled('cancelled'), onFailure('failed')],
      },
    },
    naming: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'takeName', params: ({ event }) => ({ name: event.name }) },
        },
        cancel: { target: 'cancelled' },
      },
    },
    validating: validating('nameIsValid', 'saving', 'naming', 'forgetMessage'),
    saving: {
      invoke: {
        id: 'savePasskey',
        src: 'savePasskey',
        input: ({ context }) => ({
          credential: context.credential ?? missingCredential,
          name: context.name,
        }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'keepRecoveryCodes',
              params: ({ event }) => ({ codes: event.output.recoveryCodes }),
            },
            'refresh',
          ],
        },
        onError: [onProofCancelled('idle'), onTooManyTries(), onFailure('failed')],
      },
    },
    saved: { on: again },
    cancelled: { on: again },
    failed: { on: again },
    rateLimited: { on: again },
  },
})
