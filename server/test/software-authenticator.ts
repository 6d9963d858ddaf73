import {
  createHash,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto'

/**
 * A passkey authenticator in software, for server tests: an ES256 (P-256) key pair made with
 * node:crypto, attestation "none", and the few CBOR shapes WebAuthn needs, encoded by hand. It
 * answers the options the server hands out the way a browser's `startRegistration` /
 * `startAuthentication` would (their JSON), with user presence and verification.
 */

// --- Minimal CBOR (RFC 8949): unsigned and negative integers, bytes, text, maps ---------------

type Cbor = number | Uint8Array | string | ReadonlyMap<Cbor, Cbor>

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) {
    const b = Buffer.alloc(3)
    b[0] = (major << 5) | 25
    b.writeUInt16BE(length, 1)
    return b
  }
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(length, 1)
  return b
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const parts: Buffer[] = [head(5, value.size)]
  for (const [key, item] of value) parts.push(cbor(key), cbor(item))
  return Buffer.concat(parts)
}

// --- The authenticator --------------------------------------------------------------------------

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

type CreationOptions = {
  readonly challenge: string
  readonly rp?: { readonly id?: string }
  readonly user?: { readonly id: string }
}
type RequestOptions = { readonly challenge: string; readonly rpId?: string }

export type SoftwarePasskey = {
  readonly credentialId: Buffer
  readonly privateKey: KeyObject
  readonly publicKey: KeyObject
  readonly userHandle: string
  readonly rpId: string
  signCount: number
}

export type AuthenticatorOptions = {
  /** The origin the "browser" reports (default: the one the test passes). */
  readonly origin: string
  /** User verification (PIN, biometrics) done: default true. */
  readonly userVerified?: boolean
}

function flags({ attested, userVerified }: { attested: boolean; userVerified: boolean }): number {
  return 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' })
  const x = Buffer.from(jwk.x ?? '', 'base64url')
  const y = Buffer.from(jwk.y ?? '', 'base64url')
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, x],
      [-3, y],
    ]),
  )
}

function counterBytes(count: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(count)
  return b
}

/** A new passkey answering the server's registration options: the `RegistrationResponseJSON`. */
export function createPasskey(
  options: CreationOptions,
  { origin, userVerified = true }: AuthenticatorOptions,
): { passkey: SoftwarePasskey; response: Record<string, unknown> } {
  const rpId = options.rp?.id ?? new URL(origin).hostname
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credentialId = randomBytes(32)
  const idLength = Buffer.alloc(2)
  idLength.writeUInt16BE(credentialId.length)
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags({ attested: true, userVerified })]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    coseKey(publicKey),
  ])
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    }),
  )
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  )
  return {
    passkey: {
      credentialId,
      privateKey,
      publicKey,
      userHandle: options.user?.id ?? '',
      rpId,
      signCount: 0,
    },
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  }
}

/** The passkey's answer to sign-in or proof options: the `AuthenticationResponseJSON`. */
export function assertPasskey(
  passkey: SoftwarePasskey,
  options: RequestOptions,
  { origin, userVerified = true }: AuthenticatorOptions,
): Record<string, unknown> {
  passkey.signCount += 1
  const authData = Buffer.concat([
    sha256(options.rpId ?? passkey.rpId),
    Buffer.from([flags({ attested: false, userVerified })]),
    counterBytes(passkey.signCount),
  ])
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    }),
  )
  const signer = createSign('SHA256')
  signer.update(Buffer.concat([authData, sha256(clientDataJSON)]))
  const signature = signer.sign(passkey.privateKey) // DER, as WebAuthn's ES256 signatures are
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  }
}
