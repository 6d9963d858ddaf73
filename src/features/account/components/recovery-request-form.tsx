import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { recoveryRequestMachine } from '../../../../machines/recovery-request-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { EmailLinkForm } from './email-link-form'

/**
 * "Forgot your password?": one address, and the same confirmation whether or not it has an
 * account (recoveryRequestMachine).
 */
export function RecoveryRequestForm() {
  const [machine] = useState(() =>
    recoveryRequestMachine.provide({
      actors: {
        resendRecoveryEmail: fromPromise(({ input }) =>
          callEndpoint('resendRecoveryEmail', { email: input.email }),
        ),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  return (
    <EmailLinkForm
      snapshot={snapshot}
      send={send}
      texts={{
        form: 'recovery',
        label: <Trans>Email of your account</Trans>,
        submit: <Trans>Send me a recovery email</Trans>,
        sent: (email) => (
          <Trans>
            If {email} has an account, a recovery email with a link to choose a new password is on
            its way. The link works for one hour.
          </Trans>
        ),
        failure: <Trans>The recovery email could not be sent. Please try again.</Trans>,
      }}
    />
  )
}
