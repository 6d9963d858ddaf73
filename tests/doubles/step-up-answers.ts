import type { FactorsBody } from '../../domain/api/api-contract'
import type { stepUpMachine } from '../../machines/step-up-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, readAs, readRefused, refused, unreachable } from './api-answers'
import { fakeRequestOptions } from './fake-webauthn'
import { factorProofRequired, noFactors, reauthenticationRequired } from './fresh-proof'
import { passkeyClosed } from './sign-in-answers'

/**
 * What the fresh-proof dialog's generated paths submit and what the network answers: the call
 * that asks for proof, the account's factors the dialog offers, and the proofs' answers.
 */

export const stepUpPassword = 'lantern orbit mango 42'

/** An account with everything: a passkey, the authenticator app, recovery codes. */
export const allFactors: FactorsBody = {
  success: true,
  passkeys: [{ id: 'p1', name: 'Laptop', createdAt: '2026-01-02T03:04:05.000Z', lastUsedAt: null }],
  totp: true,
  recoveryCodesLeft: 10,
}

/** The options a passkey proof starts from (bound to the account's passkeys). */
export const proofOptionsRead = readAs('reauthenticatePasskeyOptions', {
  success: true,
  options: {
    ...fakeRequestOptions,
    allowCredentials: [
      { id: 'ZmFrZS1jcmVkZW50aWFs', transports: ['internal'], type: 'public-key' },
    ],
    timeout: 300_000,
    userVerification: 'required',
  },
})

/** A proof the server took (a code, here: the inbox's notice asks for a factor's). */
export const proofRead = readAs('reauthenticate', {
  success: true,
  message: 'Thank you. You can continue.',
})

/**
 * The reads around the dialog: the download asking for proof, adding a passkey asking for a
 * factor's, the factors it offers.
 */
export const stepUpReads = [
  readRefused('exportAccount', reauthenticationRequired),
  readRefused('passkeyRegistrationOptions', factorProofRequired),
  proofRead,
  readAs('factors', allFactors),
  readAs('factors', noFactors),
  proofOptionsRead,
]

const wrongPassword = 'That password is not right.'
const wrongCode = 'That code is not right, or it was already used.'
const tooMany = refused(429, 'rate_limited', 'Too many attempts. Try again in 15 minutes.')

export const stepUpPathEvents: PathEvents<typeof stepUpMachine> = (snapshot) => {
  if (snapshot.matches('closed'))
    return [
      { type: 'ask', methods: ['password', 'code', 'passkey'] },
      { type: 'ask', methods: ['password'] },
      // Managing the factors of an account that has one: no password.
      { type: 'ask', methods: ['code', 'passkey'] },
    ]
  if (snapshot.matches('asking') || snapshot.matches('wrong'))
    return [
      { type: 'submit', secret: snapshot.context.method === 'code' ? '123 456' : stepUpPassword },
      ...(snapshot.matches('asking') && snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submit', secret: '' } as const]
        : []),
      { type: 'choose', method: snapshot.context.method === 'code' ? 'password' : 'code' },
      { type: 'usePasskey' },
      { type: 'cancel' },
    ]
  if (snapshot.matches('proving'))
    return [
      { type: 'xstate.done.actor.reauthenticate', output: accepted('Thank you.') },
      {
        type: 'xstate.error.actor.reauthenticate',
        error: refused(400, 'wrong_password', wrongPassword, { password: wrongPassword }),
      },
      {
        type: 'xstate.error.actor.reauthenticate',
        error: refused(400, 'invalid_code', wrongCode, { code: wrongCode }),
      },
      { type: 'xstate.error.actor.reauthenticate', error: tooMany },
      { type: 'xstate.error.actor.reauthenticate', error: unreachable() },
    ]
  if (snapshot.matches('passkey'))
    return [
      { type: 'xstate.done.actor.passkeyProof', output: accepted('Thank you.') },
      { type: 'xstate.error.actor.passkeyProof', error: passkeyClosed },
      { type: 'xstate.error.actor.passkeyProof', error: tooMany },
      { type: 'xstate.error.actor.passkeyProof', error: unreachable() },
    ]
  return []
}
