import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { SignInMethod } from '../../../../domain/api/api-contract'
import { sessionActionsMachine } from '../../../../machines/session-actions-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { sessionsQueryKey, sessionsQueryOptions } from '../api/account-queries'
import '../../../ui/form-field.css'

/**
 * The account's sessions (a query): each can be ended, or all but this one at once
 * (sessionActionsMachine, which refreshes the list after each answer).
 */
export function SessionsList() {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions)
  const client = useRef(queryClient)
  client.current = queryClient
  const [machine] = useState(() =>
    sessionActionsMachine.provide({
      actors: {
        endSession: fromPromise(({ input }) => callEndpoint('endSession', { id: input.id })),
        revokeOtherSessions: fromPromise(() => callEndpoint('revokeOtherSessions', {})),
      },
      actions: {
        refresh: () => void client.current.invalidateQueries({ queryKey: sessionsQueryKey }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const busy = snapshot.matches('endingOne') || snapshot.matches('endingOthers')
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )

  if (sessions.isPending) {
    return (
      <p role="status">
        <Trans>Loading your sessions…</Trans>
      </p>
    )
  }
  if (sessions.isError) {
    return (
      <p className="result-panel result-panel-bad">
        <Trans>Your sessions could not be loaded.</Trans>{' '}
        <button type="button" className="link-button" onClick={() => void sessions.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    )
  }
  const list = sessions.data.sessions
  const others = list.filter((session) => !session.current).length
  const device = snapshot.context.target?.device ?? ''
  return (
    <>
      <ul className="account-sessions">
        {list.map((session) => (
          <li key={session.id}>
            <span>
              <strong>{session.device}</strong>
              {session.current ? (
                <>
                  {' '}
                  <Trans>(this device)</Trans>
                </>
              ) : null}
              <br />
              <Trans>
                Signed in {when(session.createdAt)}, last seen {when(session.lastSeenAt)}
              </Trans>
              <br />
              <SignInMethodText method={session.signInMethod} />
            </span>
            {session.current ? null : (
              <SignOutSession
                device={session.device}
                busy={busy}
                onEnd={() => send({ type: 'endOne', id: session.id, device: session.device })}
              />
            )}
          </li>
        ))}
      </ul>
      <div role="status">
        {snapshot.matches('endedOne') ? (
          <p className="result-panel">
            <Trans>The session on {device} has been signed out.</Trans>
          </p>
        ) : snapshot.matches('endedOthers') ? (
          <p className="result-panel">
            <Trans>Every other session has been signed out.</Trans>
          </p>
        ) : snapshot.matches('error') ? (
          <p className="result-panel result-panel-bad">
            {snapshot.context.failed === 'others' ? (
              <Trans>The other sessions could not be signed out. Please try again.</Trans>
            ) : (
              <Trans>That session could not be signed out. Please try again.</Trans>
            )}
          </p>
        ) : null}
      </div>
      {others > 0 ? (
        <p className="form-actions">
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) send({ type: 'endOthers' })
            }}
          >
            {snapshot.matches('endingOthers') ? (
              <Trans>Signing out the other sessions…</Trans>
            ) : (
              <Trans>Sign out everywhere else</Trans>
            )}
          </button>
        </p>
      ) : null}
    </>
  )
}

/** How a session signed in, as its line in the list says it. */
function SignInMethodText({ method }: { readonly method: SignInMethod }) {
  switch (method) {
    case 'passwordAndCode':
      return <Trans>Signed in with the password and an authenticator code</Trans>
    case 'passkey':
      return <Trans>Signed in with a passkey</Trans>
    case 'recoveryCode':
      return <Trans>Signed in with the password and a recovery code</Trans>
    default:
      return <Trans>Signed in with the password</Trans>
  }
}

function SignOutSession({
  device,
  busy,
  onEnd,
}: {
  readonly device: string
  readonly busy: boolean
  readonly onEnd: () => void
}) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className="button"
      aria-disabled={busy}
      aria-label={t`Sign out the session on ${device}`}
      onClick={() => {
        if (!busy) onEnd()
      }}
    >
      <Trans>Sign out</Trans>
    </button>
  )
}
