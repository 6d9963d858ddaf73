import type { Context, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { securityEvent } from '../log/security-event'
import { hasSecondFactor } from '../security/second-factor-presence'
import { failure } from './answers'
import type { ApiDeps } from './api-env'
import { apiMessages } from './api-messages'
import { type AccountEnv, requireSession, signedInOf } from './require-session'

/**
 * The admin inbox's gate: 401 `unauthenticated` without a live session, 403 `forbidden` (and a
 * security event) unless the session's user has the admin role. The role comes from the user's
 * row, which `requireSession` reads on every call: a revoked admin loses access at their next
 * request, not when their session ends. Then 403 `mfa_required` unless the account has a
 * passkey or an authenticator app and this session proved one (it did not sign in, and has not
 * since stepped up, with the password alone): the agency's inbox is never one password away.
 */
export function requireAdmin(deps: ApiDeps): MiddlewareHandler<AccountEnv> {
  const adminOnly: MiddlewareHandler<AccountEnv> = async (c, next) => {
    const { user } = signedInOf(c)
    if (user.role !== 'admin') {
      securityEvent(c, 'admin.forbidden', { accountId: user.id })
      return failure(c, 403, 'forbidden', c.get('t')(apiMessages.forbidden))
    }
    await next()
  }
  const secondFactorOnly: MiddlewareHandler<AccountEnv> = async (c, next) => {
    const refused = await refuseWithoutSecondFactor(deps, c)
    if (refused) return refused
    await next()
  }
  return every(requireSession(deps), adminOnly, secondFactorOnly)
}

/**
 * The admin's second-factor check, for the gate above and for an admin action outside the admin
 * API (an upload to a client's request): 403 `mfa_required` (and a security event) unless the
 * account has a passkey or an authenticator app and this session proved one; undefined when it
 * may go on.
 */
export async function refuseWithoutSecondFactor(
  deps: ApiDeps,
  c: Context<AccountEnv>,
): Promise<Response | undefined> {
  const { user, session } = signedInOf(c)
  if (session.signInMethod !== 'password' && (await hasSecondFactor(deps.pool, user.id)))
    return undefined
  securityEvent(c, 'admin.mfa_required', {
    accountId: user.id,
    reason: session.signInMethod === 'password' ? 'password_only' : 'no_factor',
  })
  return failure(c, 403, 'mfa_required', c.get('t')(apiMessages.mfaRequired))
}
