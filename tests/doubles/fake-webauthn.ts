import { vi } from 'vitest'

/**
 * A test double of the browser's WebAuthn API (`navigator.credentials`, `PublicKeyCredential`)
 * for jsdom: the real SimpleWebAuthn browser code runs, and each dialog waits until the test
 * answers it — with a credential, or closed by the visitor (`NotAllowedError`). A dialog aborted
 * by a newer one (SimpleWebAuthn aborts the previous ceremony) rejects with `AbortError`, as
 * browsers do. `conditional` tells the autofill's quiet request from a dialog.
 */
export type PendingCeremony = {
  readonly kind: 'create' | 'get'
  readonly conditional: boolean
  /** The options the page passed (a challenge as bytes, the relying party…). */
  readonly options: CredentialCreationOptions | CredentialRequestOptions
  answer(): void
  close(): void
  /** The authenticator fails for another reason (`InvalidStateError`: already registered). */
  fail(): void
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer

/** What a made-up authenticator answers: enough for SimpleWebAuthn to turn it into JSON. */
function credential(kind: 'create' | 'get') {
  const response =
    kind === 'create'
      ? {
          clientDataJSON: bytes('{"type":"webauthn.create"}'),
          attestationObject: bytes('attestation'),
          getTransports: () => ['internal'],
        }
      : {
          clientDataJSON: bytes('{"type":"webauthn.get"}'),
          authenticatorData: bytes('authenticator data'),
          signature: bytes('signature'),
          userHandle: bytes('user'),
        }
  return {
    id: 'ZmFrZS1jcmVkZW50aWFs',
    rawId: bytes('fake-credential'),
    type: 'public-key',
    response,
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
  }
}

export function installFakeWebAuthn() {
  const pending: PendingCeremony[] = []
  const ceremony =
    (kind: 'create' | 'get') => (options: CredentialCreationOptions & CredentialRequestOptions) =>
      new Promise((resolve, reject) => {
        const entry: PendingCeremony = {
          kind,
          conditional: options.mediation === 'conditional',
          options,
          answer: () => resolve(credential(kind)),
          fail: () =>
            reject(
              new DOMException('The authenticator was previously registered.', 'InvalidStateError'),
            ),
          close: () =>
            reject(
              new DOMException(
                'The operation either timed out or was not allowed.',
                'NotAllowedError',
              ),
            ),
        }
        options.signal?.addEventListener('abort', () => {
          const index = pending.indexOf(entry)
          if (index >= 0) pending.splice(index, 1)
          reject(new DOMException('The operation was aborted.', 'AbortError'))
        })
        pending.push(entry)
      })
  // A function, as browsers expose it (SimpleWebAuthn checks its type).
  const publicKeyCredential = Object.assign(() => {}, {
    isConditionalMediationAvailable: async () => true,
    isUserVerifyingPlatformAuthenticatorAvailable: async () => true,
  })
  vi.stubGlobal('PublicKeyCredential', publicKeyCredential)
  const original = Object.getOwnPropertyDescriptor(navigator, 'credentials')
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { create: ceremony('create'), get: ceremony('get') },
  })
  return {
    /** The oldest open ceremony of that kind (waits until the page opens one). */
    async next(
      kind: 'create' | 'get',
      { conditional = false }: { readonly conditional?: boolean } = {},
      timeoutMs = 2000,
    ): Promise<PendingCeremony> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = pending.findIndex(
          (entry) => entry.kind === kind && entry.conditional === conditional,
        )
        const found = index >= 0 ? pending.splice(index, 1)[0] : undefined
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No ${kind} ceremony was opened`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    restore() {
      if (original) Object.defineProperty(navigator, 'credentials', original)
      else Reflect.deleteProperty(navigator, 'credentials')
    },
  }
}

const base64url = (text: string) => Buffer.from(text).toString('base64url')

/** The JSON SimpleWebAuthn makes of the double's assertion (what the page sends the server). */
export const fakeAssertionJSON = {
  id: 'ZmFrZS1jcmVkZW50aWFs',
  rawId: base64url('fake-credential'),
  response: {
    authenticatorData: base64url('authenticator data'),
    clientDataJSON: base64url('{"type":"webauthn.get"}'),
    signature: base64url('signature'),
    userHandle: base64url('user'),
  },
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
} as const

/** Options as the server sends them (SimpleWebAuthn's), enough for the browser code. */
export const fakeRequestOptions = { challenge: base64url('challenge'), rpId: 'localhost' }
export const fakeCreationOptions = {
  challenge: base64url('challenge'),
  rp: { id: 'localhost', name: 'Puente Digital' },
  user: { id: base64url('user'), name: 'ana@example.com', displayName: 'Ana' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
}

/** The JSON SimpleWebAuthn makes of the double's new credential (what the page sends). */
export const fakeRegistrationJSON = {
  id: 'ZmFrZS1jcmVkZW50aWFs',
  rawId: base64url('fake-credential'),
  response: {
    attestationObject: base64url('attestation'),
    clientDataJSON: base64url('{"type":"webauthn.create"}'),
    transports: ['internal'],
  },
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
} as const
