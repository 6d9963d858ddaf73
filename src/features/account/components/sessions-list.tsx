import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { sessionsQueryKey } from '../session/account-queries'

/** The account's sessions: each can be ended, or all but this one at once. */
export function SessionsList() {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => callEndpoint('sessions'),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
  const endOne = useMutation({
    mutationFn: (id: string) => callEndpoint('endSession', { id }),
    onSettled: refresh,
  })
  const endOthers = useMutation({
    mutationFn: () => callEndpoint('revokeOtherSessions', {}),
    onSettled: refresh,
  })
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
      <p className="account-notice account-notice-bad">
        <Trans>Your sessions could not be loaded.</Trans>{' '}
        <button type="button" className="link-button" onClick={() => void sessions.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    )
  }
  const list = sessions.data.sessions
  const others = list.filter((session) => !session.current).length
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
            </span>
            {session.current ? null : (
              <button
                type="button"
                className="button"
                aria-disabled={endOne.isPending}
                aria-label={t`Sign out the session on ${session.device}`}
                onClick={() => {
                  if (!endOne.isPending) endOne.mutate(session.id)
                }}
              >
                <Trans>Sign out</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
      <div role="status">
        {endOthers.isSuccess ? (
          <p className="account-notice">
            <Trans>Every other session has been signed out.</Trans>
          </p>
        ) : null}
        {endOne.isError || endOthers.isError ? (
          <p className="account-notice account-notice-bad">
            <Trans>That session could not be signed out. Please try again.</Trans>
          </p>
        ) : null}
      </div>
      {others > 0 ? (
        <p className="form-actions">
          <button
            type="button"
            className="button"
            aria-disabled={endOthers.isPending}
            onClick={() => {
              if (!endOthers.isPending) endOthers.mutate()
            }}
          >
            <Trans>Sign out everywhere else</Trans>
          </button>
        </p>
      ) : null}
    </>
  )
}
