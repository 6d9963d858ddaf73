import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { MyServiceRequest, ServiceRequestSummary } from '../../../domain/api/api-contract'
import { noteMaxLength } from '../../../domain/requests/request-schemas'
import { serviceNames } from '../../../domain/services/service-table'
import { allowedChanges } from '../../../machines/service-request-machine'
import { callEndpoint } from '../../api/call-endpoint'
import { LoadState } from '../../ui/load-state'
import { RequestFacts, RequestLatestAndFolded } from '../../ui/request-record/request-record'
import { ServicesListingLink } from '../../ui/services-listing-link'
import { useStatusChange } from '../../ui/use-status-change'
import { myRequestsQueryKey, myRequestsQueryOptions } from './api/requests-queries'
import { NeedsYou, RequestGlance } from './request-glance'
import './requests.css'
import '../../ui/form-field.css'

/**
 * Requests shown at first, and added by each "Show more": a card (status, brief, history, the
 * withdrawal's machine) costs about a millisecond to render on a desktop core, four on a phone,
 * so a client with hundreds of requests would otherwise wait on one long task for all of them.
 */
export const requestsPerBatch = 10

/**
 * `/my-services`: what needs the client now (proposals to answer, amounts due, new messages),
 * then their service requests, newest first, each with its status, dates, newest proposal, what
 * is due, the latest change with the agency's note (the brief and earlier history folded), and
 * a quiet way to withdraw an open one whose proposal is not accepted; the newest ten, then ten
 * more at a time.
 */
export function MyRequests() {
  const requests = useQuery(myRequestsQueryOptions)
  if (requests.isPending || requests.isError)
    return (
      <LoadState
        failed={requests.isError}
        loading={<Trans>Loading your requests…</Trans>}
        failure={<Trans>Your requests could not be loaded.</Trans>}
        onRetry={() => void requests.refetch()}
      />
    )
  const list = requests.data.requests
  if (list.length === 0)
    return (
      <section className="result-panel">
        <h2>
          <Trans>You have no service requests yet</Trans>
        </h2>
        <p>
          <Trans>
            Open any service and choose “Request this service”: your request appears here with its
            status and our notes.
          </Trans>
        </p>
        <p className="form-actions">
          <ServicesListingLink className="button button-primary">
            <Trans>Browse our services</Trans>
          </ServicesListingLink>
          <Link to="/contact" className="button">
            <Trans>Contact us</Trans>
          </Link>
        </p>
      </section>
    )
  return (
    <>
      <NeedsYou requests={list} />
      <RequestList requests={list} />
    </>
  )
}

function RequestList({ requests }: { readonly requests: readonly MyServiceRequest[] }) {
  const [shown, setShown] = useState(requestsPerBatch)
  const listRef = useRef<HTMLUListElement>(null)
  const firstNew = useRef<number | undefined>(undefined)
  useEffect(() => {
    // After "Show more", the first card it added takes the focus: the next to read.
    if (firstNew.current === undefined) return
    listRef.current?.children[firstNew.current]?.querySelector<HTMLElement>('h2 a')?.focus()
    firstNew.current = undefined
  })
  const newestFirst = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const hidden = Math.max(0, newestFirst.length - shown)
  return (
    <>
      <ul className="request-list" ref={listRef}>
        {newestFirst.slice(0, shown).map((request) => (
          <li key={request.id}>
            <RequestCard request={request} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="request-list-more">
          <button
            type="button"
            className="button"
            onClick={() => {
              firstNew.current = shown
              setShown(shown + requestsPerBatch)
            }}
          >
            <Trans>Show older requests ({hidden} more)</Trans>
          </button>
        </p>
      ) : null}
    </>
  )
}

function RequestCard({ request }: { readonly request: MyServiceRequest }) {
  const { i18n } = useLingui()
  const headingId = `request-${request.id}`
  return (
    <article className="request-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to="/my-services/$requestId" params={{ requestId: request.id }}>
          {i18n._(serviceNames[request.serviceId])}
        </Link>
      </h2>
      <RequestFacts request={request} />
      <RequestGlance request={request} />
      <RequestLatestAndFolded request={request} />
      {/* Once a proposal is accepted the work is agreed: withdrawing is no longer offered here. */}
      {request.proposal?.state === 'accepted' ? null : <WithdrawRequest request={request} quiet />}
    </article>
  )
}

/** Withdraw an open request: confirm, with an optional note for the agency. */
export function WithdrawRequest({
  request,
  quiet = false,
}: {
  readonly request: ServiceRequestSummary
  /** Offered as a quiet link-like button (a list's card), not as a full button. */
  readonly quiet?: boolean
}) {
  const queryClient = useQueryClient()
  const [snapshot, send] = useStatusChange(async ({ note }) => {
    try {
      return await callEndpoint('withdrawServiceRequest', { note }, { id: request.id })
    } finally {
      // A failure may mean the request moved meanwhile: show it as it is now.
      await queryClient.invalidateQueries({ queryKey: myRequestsQueryKey })
    }
  })
  const noteId = `withdraw-note-${request.id}`
  const warningId = `withdraw-warning-${request.id}`
  const statusRef = useRef<HTMLParagraphElement>(null)
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const state = String(snapshot.value)
  useEffect(() => {
    if (state === 'editing') noteRef.current?.focus()
  }, [state])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (snapshot.matches('submitting')) return
    const note = new FormData(event.currentTarget).get('note')
    send({
      type: 'submit',
      values: { to: 'withdrawn', note: typeof note === 'string' ? note : '' },
    })
  }

  const outcome = snapshot.matches('done') ? (
    <Trans>Your request has been withdrawn.</Trans>
  ) : snapshot.matches('conflict') ? (
    <Trans>This request can no longer be withdrawn: its status has changed.</Trans>
  ) : snapshot.matches('error') ? (
    <Trans>The request could not be withdrawn. Please try again.</Trans>
  ) : null

  return (
    <div className="request-withdraw">
      <p ref={statusRef} role="status" className="form-status">
        {outcome}
      </p>
      {snapshot.matches('error') ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {snapshot.matches('idle') &&
      allowedChanges(request.status, 'client').includes('withdrawn') ? (
        <button
          type="button"
          className={quiet ? 'request-withdraw-quiet' : 'button'}
          onClick={() => send({ type: 'edit' })}
        >
          <Trans>Withdraw this request</Trans>
        </button>
      ) : null}
      {snapshot.matches('editing') || snapshot.matches('submitting') ? (
        <form
          className="request-withdraw-form"
          noValidate
          onSubmit={submit}
          aria-busy={snapshot.matches('submitting')}
        >
          <div className="form-field">
            <label htmlFor={noteId}>
              <Trans>Tell us why (optional)</Trans>
            </label>
            <textarea
              ref={noteRef}
              id={noteId}
              name="note"
              rows={3}
              maxLength={noteMaxLength}
              defaultValue={snapshot.context.values?.note ?? ''}
            />
          </div>
          <p className="form-actions">
            <button
              type="submit"
              className="button button-danger"
              aria-disabled={snapshot.matches('submitting')}
              aria-describedby={warningId}
            >
              {snapshot.matches('submitting') ? (
                <Trans>Withdrawing…</Trans>
              ) : (
                <Trans>Withdraw request</Trans>
              )}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => send({ type: 'cancel' })}
              aria-disabled={snapshot.matches('submitting')}
            >
              <Trans>Keep it</Trans>
            </button>
            <span id={warningId} className="danger-note">
              <Trans>This cannot be undone.</Trans>
            </span>
          </p>
        </form>
      ) : null}
    </div>
  )
}
