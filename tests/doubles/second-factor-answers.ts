import { type CallFailure, failureBody } from '../../domain/api/api-contract'
import type { secondFactorMachine } from '../../machines/second-factor-machine'
import type { PathEvents } from '../paths/path-plan'
import { readRefused, refused, unreachable } from './api-answers'
import { passkeyClosed, signedInBody, signInExpired } from './sign-in-answers'

/** What the sign-in's second step submits on its generated paths and what the network answers. */

/** The methods of an account with an authenticator app (and recovery codes), and a passkey. */
export const allMethods = ['totp', 'recoveryCode', 'passkey'] as const
export const appMethods = ['totp', 'recoveryCode'] as const

/** The password was right: the login answer asks for the second step, naming the methods. */
export function secondStepRequired(methods: readonly string[]): CallFailure {
  return {
    message: 'Request failed with status code 401',
    response: {
      status: 401,
      data: { ...failureBody('second_factor_required', 'One more step.'), methods },
    },
  }
}

export const secondStepReads = [
  readRefused('login', secondStepRequired(allMethods)),
  readRefused('login', secondStepRequired(appMethods)),
]

const wrongCode = 'That code is not right, or it was already used.'

export const secondFactorPathEvents: PathEvents<typeof secondFactorMachine> = (snapshot) => {
  if (snapshot.matches('code'))
    return [
      { type: 'submit', code: '123 456' },
      ...(snapshot.context.refusedSubmissions === 0 ? [{ type: 'submit', code: '' } as const] : []),
      { type: 'usePasskey' },
    ]
  if (snapshot.matches('wrongCode'))
    return [{ type: 'submit', code: 'ABCD-EFGH-JKLM-NPQR' }, { type: 'usePasskey' }]
  if (snapshot.matches('checking'))
    return [
      { type: 'xstate.done.actor.checkCode', output: signedInBody },
      {
        type: 'xstate.error.actor.checkCode',
        error: refused(400, 'invalid_code', wrongCode, { code: wrongCode }),
      },
      { type: 'xstate.error.actor.checkCode', error: signInExpired },
      {
        type: 'xstate.error.actor.checkCode',
        error: refused(429, 'rate_limited', 'Too many codes. Try again in 5 minutes.'),
      },
      { type: 'xstate.error.actor.checkCode', error: unreachable() },
    ]
  if (snapshot.matches('passkey'))
    return [
      { type: 'xstate.done.actor.passkeySignIn', output: signedInBody },
      { type: 'xstate.error.actor.passkeySignIn', error: passkeyClosed },
      {
        type: 'xstate.error.actor.passkeySignIn',
        error: refused(400, 'passkey_rejected', 'That passkey is not registered here.'),
      },
      {
        type: 'xstate.error.actor.passkeySignIn',
        error: refused(429, 'rate_limited', 'Too many attempts. Try again in 5 minutes.'),
      },
      { type: 'xstate.error.actor.passkeySignIn', error: unreachable() },
    ]
  return []
}
