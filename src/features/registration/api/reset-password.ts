import type { ApiAnswer } from '../../../../domain/api/api-contract'
import { callEndpoint } from '../../../api/call-endpoint'

/** `POST /api/v1/auth/reset-password` `{ token, password }`. */
export function resetPassword(input: {
  readonly token: string
  readonly password: string
}): Promise<ApiAnswer> {
  return callEndpoint('resetPassword', { token: input.token, password: input.password })
}
