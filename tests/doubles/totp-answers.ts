import type { RecoveryCodesBody, TotpEnrolmentBody } from '../../domain/api/api-contract'
import type { totpEnrolmentMachine } from '../../machines/totp-enrolment-machine'
import type { PathEvents } from '../paths/path-plan'
import { refused, unreachable } from './api-answers'
import { declinedProof } from './fresh-proof'

/** What setting up the authenticator app answers on its generated paths. */

/** The app's key, for the page to show as a QR code and as text. */
export const totpStarted: TotpEnrolmentBody = {
  success: true,
  message: 'Scan the code.',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Puente%20Digital:ana%40example.com?secret=JBSWY3DPEHPK3PXP',
}

/** The app is on: the account's first recovery codes. */
export const totpConfirmed: RecoveryCodesBody = {
  success: true,
  message: 'The app is on.',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-${1000 + i}`),
}

const tooMany = refused(429, 'rate_limited', 'Too many attempts. Try again later.')
const wrongCode = 'That code is not right.'

export const totpPathEvents: PathEvents<typeof totpEnrolmentMachine> = (snapshot) => {
  if (snapshot.matches('starting'))
    return [
      { type: 'xstate.done.actor.startTotp', output: totpStarted },
      { type: 'xstate.error.actor.startTotp', error: declinedProof },
      { type: 'xstate.error.actor.startTotp', error: tooMany },
      { type: 'xstate.error.actor.startTotp', error: unreachable() },
    ]
  if (snapshot.matches('showing'))
    return [
      { type: 'submit', code: '123 456' },
      ...(snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submit', code: '12' } as const]
        : []),
      { type: 'cancel' },
    ]
  if (snapshot.matches('wrongCode')) return [{ type: 'submit', code: '654321' }, { type: 'cancel' }]
  if (snapshot.matches('confirming'))
    return [
      { type: 'xstate.done.actor.confirmTotp', output: totpConfirmed },
      {
        type: 'xstate.error.actor.confirmTotp',
        error: refused(400, 'invalid_code', wrongCode, { code: wrongCode }),
      },
      { type: 'xstate.error.actor.confirmTotp', error: declinedProof },
      { type: 'xstate.error.actor.confirmTotp', error: tooMany },
      { type: 'xstate.error.actor.confirmTotp', error: unreachable() },
    ]
  return []
}
