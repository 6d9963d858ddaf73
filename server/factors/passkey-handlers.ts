import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Handler } from 'hono'
import {
  createRegisterPasskeySchema,
  createRenamePasskeySchema,
} from '../../domain/accounts/factor-schemas'
import { inTransaction } from '../db/transaction'
import { answer, failure, success } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { registrationOptions, verifyRegistration } from '../security/webauthn'
import { nowOf } from '../sessions/clock'
import { endOtherPasswordSessions } from '../sessions/session-store'
import { factorHandler, removeSecondFactor } from './factor-handler'
import { factorMailKinds } from './factor-mail-kinds'
import { factorMessages as m } from './factor-messages'
import { notify, queueFactorNotice } from './factor-notice'
import {
  hasRecoveryCodes,
  insertPasskey,
  passkeyCredentials,
  removePasskey,
  renamePasskey,
  replaceRecoveryCodes,
} from './factor-store'
import { admitFactorAddition, refuseWithoutFactorProof } from './require-factor-proof'

/** `POST /api/v1/me/factors/passkeys/options` (step-up): what the browser's dialog needs. */
export function passkeyRegistrationOptionsHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createEmptyBodySchema, async (c, { user }) => {
    const options = await registrationOptions(
      deps.pool,
      deps.relyingParty,
      { id: user.id, email: user.email, displayName: `${user.name} ${user.lastName}`.trim() },
      await passkeyCredentials(deps.pool, user.id),
      nowOf(deps),
    )
    return answer(c, 'passkeyRegistrationOptions', { success: true, options })
  })
}

/**
 * `POST /api/v1/me/factors/passkeys` `{ name, response }` (step-up): the browser's new passkey,
 * checked against the challenge this account was given (single use), the origin and the relying
 * party, with user verification. The first second factor brings ten recovery codes and ends
 * the account's other password-only sessions; adding a passkey proves nothing about this session
 * (the password may add the first), so it does not count as signed in with a factor.
 */
export function registerPasskeyHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(
    deps,
    createRegisterPasskeySchema,
    async (c, { user, session, input, t }) => {
      const now = nowOf(deps)
      const rejected = (reason: string) => {
        securityEvent(c, 'factor.passkey.rejected', { accountId: user.id, reason })
        return failure(c, 400, 'passkey_rejected', t(m.passkeyRejected))
      }
      const credential = await verifyRegistration(
        deps.pool,
        deps.relyingParty,
        user.id,
        // The schema checked the shape; the library checks everything else.
        input.response as unknown as RegistrationResponseJSON,
        now,
      )
      if (!credential) return rejected('unverified')
      const added = await inTransaction(deps.pool, async (client, rollback) => {
        const admitted = await admitFactorAddition(client, session, now)
        if (admitted === 'refused') {
          rollback()
          return 'refused'
        }
        const needsCodes = !(await hasRecoveryCodes(client, user.id))
        const passkey = await insertPasskey(client, user.id, credential, input.name, now)
        if (!passkey) {
          rollback()
          return undefined
        }
        const recoveryCodes = needsCodes ? await replaceRecoveryCodes(client, user.id) : []
        const outboxId = await queueFactorNotice(client, factorMailKinds.passkeyAdded, user.id)
        const ended =
          admitted === 'first' ? await endOtherPasswordSessions(client, user.id, session.id) : 0
        return { passkey, recoveryCodes, outboxId, ended }
      })
      if (added === 'refused') return refuseWithoutFactorProof(c)
      if (!added) return rejected('already_registered')
      notify(deps.mail, added.outboxId)
      securityEvent(c, 'factor.passkey.added', { accountId: user.id, count: added.ended })
      return answer(c, 'registerPasskey', {
        success: true,
        message: t(m.passkeyAdded),
        passkey: added.passkey,
        recoveryCodes: added.recoveryCodes,
      })
    },
  )
}

/** `PATCH /api/v1/me/factors/passkeys/:id` `{ name }`: another user's id is the same 404. */
export function renamePasskeyHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createRenamePasskeySchema, async (c, { user, input, t }) => {
    const passkey = await renamePasskey(deps.pool, user.id, pathId(c, 'id'), input.name)
    if (!passkey) return failure(c, 404, 'not_found', t(m.passkeyNotFound))
    securityEvent(c, 'factor.passkey.renamed', { accountId: user.id })
    return answer(c, 'renamePasskey', { success: true, message: t(m.passkeyRenamed), passkey })
  })
}

/**
 * `DELETE /api/v1/me/factors/passkeys/:id` (step-up): another user's id is the same 404. The
 * last second factor gone, the recovery codes go too.
 */
export function removePasskeyHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const { user } = signedInOf(c)
    const id = pathId(c, 'id')
    const outboxId = await removeSecondFactor(
      deps,
      user.id,
      (client) => removePasskey(client, user.id, id),
      factorMailKinds.passkeyRemoved,
    )
    if (outboxId === null) return failure(c, 404, 'not_found', t(m.passkeyNotFound))
    notify(deps.mail, outboxId)
    securityEvent(c, 'factor.passkey.removed', { accountId: user.id })
    return success(c, 'removePasskey', t(m.passkeyRemoved))
  }
}
