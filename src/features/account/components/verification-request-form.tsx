import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { verificationRequestMachine } from '../../../../machines/verification-request-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { EmailLinkForm } from './email-link-form'

/**
 * "Send me a new link", where a confirmation link has expired: one address, and the same
 * answer whether or not it waits for confirmation (verificationRequestMachine).
 */
export function VerificationRequestForm() {
  const [machine] = useState(() =>
    verificationRequestMachine.provide({
      actors: {
        resendVerification: fromPromise(({ input }) =>
          callEndpoint('resendVerification', { email: input.email }),
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
        form: 'verification-request',
        label: <Trans>Your email address</Trans>,
        submit: <Trans>Send me a new link</Trans>,
        sent: (email) => (
          <Trans>
            If {email} is waiting for confirmation, a new link is on its way. It works for 24 hours.
          </Trans>
        ),
        failure: <Trans>The new link could not be sent. Please try again.</Trans>,
        primary: true,
      }}
    />
  )
}
