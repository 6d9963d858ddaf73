import { mutationOptions, useMutation } from '@tanstack/react-query'
import type { ApiAnswer } from '../../../../machines/registration-machine'
import { postJson } from './http-client'

/** `POST /api/v1/auth/resend-recovery-email` `{ email }`. */
export async function resendRecoveryEmail(input: { readonly email: string }): Promise<ApiAnswer> {
  return (await postJson<ApiAnswer>('/api/v1/auth/resend-recovery-email', { email: input.email }))
    .data
}

export const resendRecoveryEmailMutation = () =>
  mutationOptions({
    mutationKey: ['auth', 'resend-recovery-email'],
    mutationFn: resendRecoveryEmail,
  })

export function useResendRecoveryEmail() {
  return useMutation(resendRecoveryEmailMutation())
}
