import { mutationOptions, useMutation } from '@tanstack/react-query'
import type { ApiAnswer } from '../../../../machines/registration-machine'
import { postJson } from './http-client'

/** `POST /api/v1/auth/reset-password` `{ token, password }`. */
export async function resetPassword(input: {
  readonly token: string
  readonly password: string
}): Promise<ApiAnswer> {
  return (
    await postJson<ApiAnswer>('/api/v1/auth/reset-password', {
      token: input.token,
      password: input.password,
    })
  ).data
}

export const resetPasswordMutation = () =>
  mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword })

export function useResetPassword() {
  return useMutation(resetPasswordMutation())
}
