import { mutationOptions, useMutation } from '@tanstack/react-query'
import type { ApiAnswer } from '../../../../machines/registration-machine'
import type { RegistrationValues } from '../registration-schema'
import { postJson } from './http-client'

/** `POST /api/v1/auth/register`: the answer's body on 2xx; an HttpError otherwise. */
export async function registerUser(payload: RegistrationValues): Promise<ApiAnswer> {
  return (await postJson<ApiAnswer>('/api/v1/auth/register', payload)).data
}

export const registerUserMutation = () =>
  mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: registerUser })

/** The registration machine owns the flow; the mutation only runs (and records) the call. */
export function useRegisterUser() {
  return useMutation(registerUserMutation())
}
