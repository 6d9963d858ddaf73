import { callEndpoint } from '../../../api/call-endpoint'
import type { ApiAnswer } from '../../../domain/api/api-contract'

/** `POST /api/v1/auth/resend-recovery-email` `{ email }`. */
export function resendRecoveryEmail(input: { readonly email: string }): Promise<ApiAnswer> {
  return callEndpoint('resendRecoveryEmail', { email: input.email })
}
