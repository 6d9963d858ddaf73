import type { ApiAnswer } from '../../../../domain/api/api-contract'
import { callEndpoint } from '../../../api/call-endpoint'

/** `POST /api/v1/auth/resend-recovery-email` `{ email }`. */
export function resendRecoveryEmail(input: { readonly email: string }): Promise<ApiAnswer> {
  return callEndpoint('resendRecoveryEmail', { email: input.email })
}
