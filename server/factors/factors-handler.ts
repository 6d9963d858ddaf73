import type { Handler } from 'hono'
import { answer } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { factorState } from './factor-store'

/** `GET /api/v1/me/factors`: passkeys, whether the app is on, recovery codes left. */
export function factorsHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const { user } = signedInOf(c)
    return answer(c, 'factors', { success: true, ...(await factorState(deps.pool, user.id)) })
  }
}
