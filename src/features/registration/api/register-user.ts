import type { ApiAnswer } from '../../../../domain/api/api-contract'
import type { RegistrationValues } from '../../../../domain/registration/registration-schema'
import { callEndpoint } from '../../../api/call-endpoint'

/** `POST /api/v1/auth/register`: the answer's body on 2xx; a CallFailure otherwise. */
export function registerUser(payload: RegistrationValues): Promise<ApiAnswer> {
  return callEndpoint('register', payload)
}
