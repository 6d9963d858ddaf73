import type { Hono } from 'hono'
import { apiPrefix } from '../../domain/api/api-contract'
import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate, xsrfGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { type AccountEnv, requireSession } from '../http/require-session'
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

/** Where the app mounts the second factors' routes (before the other /me routes). */
export const factorsPrefix = `${apiPrefix}/me/factors`
export const reauthenticatePrefix = `${apiPrefix}/me/reauthenticate`

/**
 * `/api/v1/me/factors*`: the signed-in user's second factors. A change passes the gate (413,
 * 415, 403 XSRF), then needs a live session (401); adding or removing a factor, turning the app
 * off and new recovery codes need a fresh proof too: by a factor once the account has one (403
 * `factor_proof_required`), any proof for its first (403 `reauthentication_required`).
 */
export function createFactorsRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const fresh = requireFactorProof(deps)
  return createApiRouter(factorsPrefix, (routes, path) => {
    routes.get(path('factors'), session, factorsHandler(deps))
    routes.post(path('enrolTotp'), gate, session, fresh, enrolTotpHandler(deps))
    routes.post(path('confirmTotp'), gate, session, fresh, confirmTotpHandler(deps))
    // No body: the XSRF check alone.
    routes.delete(path('disableTotp'), xsrfGate(deps), session, fresh, disableTotpHandler(deps))
    routes.post(
      path('regenerateRecoveryCodes'),
      gate,
      session,
      fresh,
      regenerateRecoveryCodesHandler(deps),
    )
    routes.post(
      path('passkeyRegistrationOptions'),
      gate,
      session,
      fresh,
      passkeyRegistrationOptionsHandler(deps),
    )
    routes.post(path('registerPasskey'), gate, session, fresh, registerPasskeyHandler(deps))
    routes.patch(path('renamePasskey'), gate, session, renamePasskeyHandler(deps))
    routes.delete(path('removePasskey'), xsrfGate(deps), session, fresh, removePasskeyHandler(deps))
  })
}

/** `/api/v1/me/reauthenticate*`: a fresh proof for this session (password, code or passkey). */
export function createReauthenticateRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  return createApiRouter(reauthenticatePrefix, (routes, path) => {
    routes.post(path('reauthenticate'), gate, session, reauthenticateHandler(deps))
    routes.post(
      path('reauthenticatePasskeyOptions'),
      gate,
      session,
      reauthenticatePasskeyOptionsHandler(deps),
    )
    routes.post(path('reauthenticatePasskey'), gate, session, reauthenticatePasskeyHandler(deps))
  })
}
