import type { PasskeyAddedBody } from '../../domain/api/api-contract'
import type { passkeyRegistrationMachine } from '../../machines/passkey-registration-machine'
import type { PathEvents } from '../paths/path-plan'
import { readAs, refused, unreachable } from './api-answers'
import { fakeCreationOptions, fakeRegistrationJSON } from './fake-webauthn'
import { declinedProof } from './fresh-proof'

/** What adding a passkey answers on its generated paths (the browser's dialog included). */

/** The options the browser's dialog makes the new passkey from, as the server sends them. */
const creationOptions = {
  ...fakeCreationOptions,
  timeout: 300_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: {
    residentKey: 'required',
    userVerification: 'required',
    requireResidentKey: true,
  },
  extensions: { credProps: true },
  hints: [],
}
export const creationOptionsRead = readAs('passkeyRegistrationOptions', {
  success: true,
  options: creationOptions,
})

const firstCodes = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-${1000 + i}`)

/** The passkey saved, with the account's first recovery codes (none when it had some). */
export function passkeyAdded(recoveryCodes: readonly string[]): PasskeyAddedBody {
  return {
    success: true,
    message: 'The passkey was added.',
    passkey: { id: 'p1', name: 'Laptop', createdAt: '2026-01-02T03:04:05.000Z', lastUsedAt: null },
    recoveryCodes,
  }
}

/** The visitor closed the browser's dialog; the authenticator could not make a passkey. */
export const dialogClosed = new DOMException('closed', 'NotAllowedError')
export const dialogBroke = new DOMException('no authenticator', 'InvalidStateError')

const tooMany = refused(429, 'rate_limited', 'Too many attempts. Try again later.')

export const addPasskeyPathEvents: PathEvents<typeof passkeyRegistrationMachine> = (snapshot) => {
  if (snapshot.matches('preparing'))
    return [
      { type: 'xstate.done.actor.registrationOptions', output: creationOptions },
      { type: 'xstate.error.actor.registrationOptions', error: declinedProof },
      { type: 'xstate.error.actor.registrationOptions', error: tooMany },
      { type: 'xstate.error.actor.registrationOptions', error: unreachable() },
    ]
  if (snapshot.matches('dialog'))
    return [
      { type: 'xstate.done.actor.createCredential', output: fakeRegistrationJSON },
      { type: 'xstate.error.actor.createCredential', error: dialogClosed },
      { type: 'xstate.error.actor.createCredential', error: dialogBroke },
    ]
  if (snapshot.matches('naming'))
    return [
      { type: 'submit', name: 'Laptop' },
      ...(snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submit', name: ' ' } as const]
        : []),
      { type: 'cancel' },
    ]
  if (snapshot.matches('saving'))
    return [
      { type: 'xstate.done.actor.savePasskey', output: passkeyAdded(firstCodes) },
      { type: 'xstate.done.actor.savePasskey', output: passkeyAdded([]) },
      { type: 'xstate.error.actor.savePasskey', error: declinedProof },
      { type: 'xstate.error.actor.savePasskey', error: tooMany },
      {
        type: 'xstate.error.actor.savePasskey',
        error: refused(400, 'passkey_rejected', 'That passkey could not be checked.'),
      },
    ]
  return []
}
