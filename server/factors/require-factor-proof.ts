import type { Context, MiddlewareHandler } from 'hono'
import type { PoolClient } from 'pg'
import { failure } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { requireFreshProof } from '../http/require-fresh-proof'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { hasSecondFactor } from '../security/second-factor-presence'
import { nowOf } from '../sessions/clock'
import type { StoredSession } from '../sessions/session-store'
import { hasFreshFactorProof } from '../sessions/step-up'
import { factorMessages as m } from './factor-messages'

/**
 * Step-up for managing second factors, behind `requireSession`. Once the account has a passkey
 * or an authenticator app, adding, removing or turning off a factor and new recovery codes need
 * a proof BY a factor within the last 10 minutes — the sign-in with one, or a code or passkey
 * step-up — never the password alone: 403 `factor_proof_required`. Otherwise whoever holds a
 * password-only session (opened before the factor was added, or with a password learnt since)
 * could add a factor of their own and keep it. An account with none yet adds its first after
 * any fresh proof (403 `reauthentication_required`, as every step-up).
 */
export function requireFactorProof(deps: ApiDeps): MiddlewareHandler<AccountEnv> {
  const fresh = requireFreshProof(deps)
  return async (c, next) => {
    const { session, user } = signedInOf(c)
    if (!(await hasSecondFactor(deps.pool, user.id))) return fresh(c, next)
    if (hasFreshFactorProof(session, nowOf(deps))) return next()
    return refuseWithoutFactorProof(c)
  }
}

/** The 403 `factor_proof_required`, and its security event. */
export function refuseWithoutFactorProof(c: Context<AccountEnv>): Response {
  const { user } = signedInOf(c)
  securityEvent(c, 'step_up.required', { accountId: user.id, reason: 'factor_proof' })
  return failure(c, 403, 'factor_proof_required', c.get('t')(m.factorProofRequired))
}

/**
 * Inside the transaction that adds a factor: the account's row is locked, so two additions are
 * decided one after the other, and the gate's question is asked again where it counts — a
 * factor another session added since the request passed `requireFactorProof` needs a factor
 * proof of this one too (`refused`). `first`: the account had no factor until this addition.
 */
export async function admitFactorAddition(
  client: PoolClient,
  session: StoredSession,
  now: Date,
): Promise<'first' | 'another' | 'refused'> {
  await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [session.userId])
  if (!(await hasSecondFactor(client, session.userId))) return 'first'
  return hasFreshFactorProof(session, now) ? 'another' : 'refused'
}
