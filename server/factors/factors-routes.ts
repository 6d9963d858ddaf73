import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate, xsrfGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireSession } from '../http/require-session'
import { factorMessages as m } from './factor-messages'
import { factorsHandler } from './factors-handler'
import {
  passkeyRegistrationOptionsHandler,
  registerPasskeyHandler,
  removePasskeyHandler,
  renamePasskeyHandler,
} from './passkey-handlers'
import {
  reauthenticateHandler,
  reauthenticatePasskeyHandler,
  reauthenticatePasskeyOptionsHandler,
} from './reauthenticate'
import { regenerateRecoveryCodesHandler } from './recovery-codes-handler'
import { requireFactorProof } from './require-factor-proof'
import { confirmTotpHandler, disableTotpHandler, enrolTotpHandler } from './totp-handlers'

/**
 * `/api/v1/me/factors*`: the signed-in user's second factors. A change passes the gate (413,
 * 415, 403 XSRF), then needs a live session (401); adding or removing a factor, turning the app
 * off and new recovery codes need a fresh proof too: by a factor once the account has one (403
 * `factor_proof_required`), any proof for its first (403 `reauthentication_required`).
 * `/api/v1/me/reauthenticate*`: a fresh proof for this session (password, code or passkey).
 */
export function factorsRoutes(deps: ApiDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const fresh = requireFactorProof(deps)
  return [
    route('factors', session, factorsHandler(deps)),
    route('enrolTotp', gate, session, fresh, enrolTotpHandler(deps)),
    route('confirmTotp', gate, session, fresh, confirmTotpHandler(deps)),
    // No body: the XSRF check alone.
    route('disableTotp', xsrfGate(deps), session, fresh, disableTotpHandler(deps)),
    route('regenerateRecoveryCodes', gate, session, fresh, regenerateRecoveryCodesHandler(deps)),
    route(
      'passkeyRegistrationOptions',
      gate,
      session,
      fresh,
      passkeyRegistrationOptionsHandler(deps),
    ),
    route('registerPasskey', gate, session, fresh, registerPasskeyHandler(deps)),
    routeWithIds('renamePasskey', m.passkeyNotFound, gate, session, renamePasskeyHandler(deps)),
    routeWithIds(
      'removePasskey',
      m.passkeyNotFound,
      xsrfGate(deps),
      session,
      fresh,
      removePasskeyHandler(deps),
    ),
    route('reauthenticate', gate, session, reauthenticateHandler(deps)),
    route('reauthenticatePasskeyOptions', gate, session, reauthenticatePasskeyOptionsHandler(deps)),
    route('reauthenticatePasskey', gate, session, reauthenticatePasskeyHandler(deps)),
  ]
}
