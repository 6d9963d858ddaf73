import { eq } from 'drizzle-orm'
import type { Handler } from 'hono'
import { createProfileUpdateSchema } from '../../domain/accounts/account-schemas'
import { registrationMessages } from '../../domain/registration/registration-messages'
import { stateMatchesCountry } from '../../domain/registration/registration-schema'
import { users } from '../db/schema'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { apiMessages } from '../http/api-messages'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { toAccountUser } from '../sessions/account-user'

/** `GET /api/v1/me`: the signed-in user. */
export const meHandler: Handler<AccountEnv> = (c) =>
  answer(c, 'me', { success: true, user: toAccountUser(signedInOf(c).user) })

/**
 * `PATCH /api/v1/me`: any of the profile fields, under the registration's rules and bounds;
 * fields left out stay as they are. An empty interior number or state is stored as none, as at
 * registration. The state is judged against the country the change leaves: an address in
 * Mexico needs one, an address elsewhere has none.
 */
export function updateProfileHandler(deps: ApiDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale((t) => createProfileUpdateSchema(t, deps.today))
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const changes = Object.fromEntries(
      Object.entries(admitted.input).filter(([, value]) => value !== undefined),
    ) as Partial<typeof users.$inferInsert>
    if ('interiorNumber' in changes) changes.interiorNumber = changes.interiorNumber || null
    if ('state' in changes) changes.state = changes.state || null
    const verdict = stateMatchesCountry({
      state: ('state' in changes ? changes.state : user.state) ?? '',
      country: ('country' in changes ? changes.country : user.country) ?? '',
    })
    if (verdict !== 'ok') {
      const t = c.get('t')
      return failure(c, 400, 'invalid_fields', t(apiMessages.invalidFields), {
        state: t(
          verdict === 'missing'
            ? registrationMessages.stateRequired
            : registrationMessages.stateOutsideMexico,
        ),
      })
    }
    if (Object.keys(changes).length === 0)
      return answer(c, 'updateProfile', {
        success: true,
        user: toAccountUser(user),
      })
    const [updated] = await deps.db
      .update(users)
      .set(changes)
      .where(eq(users.id, user.id))
      .returning()
    const row = updated ?? user
    securityEvent(c, 'account.updated', {
      accountId: user.id,
      fields: Object.keys(changes),
    })
    return answer(c, 'updateProfile', { success: true, user: toAccountUser(row) })
  }
}
