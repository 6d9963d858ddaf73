import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { recoveryCodesMachine } from '../../../../../machines/recovery-codes-machine'
import { callEndpoint } from '../../../../api/call-endpoint'
import { useFreshProof } from '../../../../session/step-up/fresh-proof'
import { useFocusOnView } from '../../../../ui/form-flow'
import { inspectorOptions } from '../../../../ui/machine-inspector'
import { RetryButton } from '../../../../ui/retry-button'
import { factorsQueryKey } from '../../api/account-queries'
import { CodesShownPanel } from './codes-shown-panel'

/** How many recovery codes are left, and a new set (recoveryCodesMachine), shown once. */
export function RecoveryCodesPanel({
  left,
  hasFactor,
}: {
  readonly left: number
  readonly hasFactor: boolean
}) {
  const queryClient = useQueryClient()
  const withProof = useFreshProof()
  const deps = useRef({ queryClient, withProof })
  deps.current = { queryClient, withProof }
  const [machine] = useState(() =>
    recoveryCodesMachine.provide({
      actors: {
        regenerateCodes: fromPromise(() =>
          deps.current.withProof(() => callEndpoint('regenerateRecoveryCodes', {})),
        ),
      },
      actions: {
        refresh: () =>
          void deps.current.queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const regenerateRef = useRef<HTMLButtonElement>(null)
  useFocusOnView(String(snapshot.value), (view) => {
    if (view === 'confirming' || view === 'shown' || view === 'error' || view === 'rateLimited')
      return statusRef.current
    if (view === 'idle') return regenerateRef.current
    return undefined
  })

  if (snapshot.matches('shown')) {
    return (
      <CodesShownPanel
        statusRef={statusRef}
        status={<Trans>Your new recovery codes are ready; the old ones no longer work.</Trans>}
        codes={snapshot.context.codes}
        onDone={() => send({ type: 'done' })}
      />
    )
  }
  if (snapshot.matches('rateLimited') || snapshot.matches('error')) {
    return (
      <div className="result-panel result-panel-bad">
        <p ref={statusRef} tabIndex={-1} role="status" className="focus-target">
          {snapshot.context.message ??
            (snapshot.matches('rateLimited') ? (
              <Trans>Too many attempts. Please wait a few minutes, then try again.</Trans>
            ) : (
              <Trans>New recovery codes could not be made. Please try again.</Trans>
            ))}
        </p>
        <p className="form-actions">
          <RetryButton onRetry={() => send({ type: 'retry' })} />
        </p>
      </div>
    )
  }
  if (!hasFactor) {
    return (
      <p>
        <Trans>You get ten recovery codes when you add a passkey or an authenticator app.</Trans>
      </p>
    )
  }
  const busy = snapshot.matches('regenerating')
  return (
    <>
      <p className="recovery-codes-left">
        {left === 0 ? (
          <Trans>No recovery codes left.</Trans>
        ) : left === 1 ? (
          <Trans>One recovery code left.</Trans>
        ) : (
          <Trans>{left} recovery codes left.</Trans>
        )}
      </p>
      {snapshot.matches('confirming') ? (
        <div className="result-panel">
          <p ref={statusRef} tabIndex={-1} role="status" className="focus-target">
            <Trans>New codes replace every code you have now. Make a new set?</Trans>
          </p>
          <p className="form-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => send({ type: 'confirm' })}
            >
              <Trans>Make new codes</Trans>
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
              <Trans>Keep the current codes</Trans>
            </button>
          </p>
        </div>
      ) : (
        <p className="form-actions">
          <button
            ref={regenerateRef}
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) send({ type: 'regenerate' })
            }}
          >
            {busy ? (
              <Trans>Making new recovery codes…</Trans>
            ) : (
              <Trans>Make new recovery codes</Trans>
            )}
          </button>
        </p>
      )}
    </>
  )
}
