import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useMemo, useRef } from 'react'
import type { AdminServiceRequest } from '../../../domain/api/api-contract'
import { mailtoHref } from '../../../domain/mailto'
import { noteMaxLength } from '../../../domain/requests/request-schemas'
import { type RequestStatus, requestStatusLabels } from '../../../domain/requests/request-status'
import { serviceNames } from '../../../domain/services/service-table'
import { allowedChanges } from '../../../machines/service-request-machine'
import { callEndpoint } from '../../api/call-endpoint'
import { LoadState } from '../../ui/load-state'
import { RequestBriefAndHistory, RequestFacts } from '../../ui/request-record/request-record'
import { useStatusChange } from '../../ui/use-status-change'
import { Conversation } from '../../ui/workspace/conversation'
import { adminQueryKey, requestQueryOptions } from './api/admin-queries'
import { agencyThreadEffects } from './api/thread-effects'
import { ClientAddress, telHref } from './client-address'
import { useFocusWhenReady } from './inbox-focus'
import { localeLabels } from './locale-labels'
import { ProposalEditor } from './proposal-editor'
import { RequestPayments } from './request-payments'
import '../../ui/form-field.css'

/**
 * One service request as the agency sees it: its conversation first, then the client (how to
 * reach them: email, phone, postal address), brief, history, its status form, its proposal and
 * its payments.
 */
export function RequestDetail({ id }: { readonly id: string }) {
  const { i18n } = useLingui()
  const detail = useQuery(requestQueryOptions(id))
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusWhenReady(detail.isSuccess, (target) =>
    target.to === 'detail' && target.id === id ? headingRef.current : undefined,
  )
  if (detail.isPending || detail.isError)
    return (
      <LoadState
        failed={detail.isError}
        loading={<Trans>Loading the request…</Trans>}
        failure={<Trans>The request could not be loaded.</Trans>}
      />
    )
  const request = detail.data.request
  return (
    <article className="admin-detail" aria-labelledby="admin-detail-heading">
      <h2 id="admin-detail-heading" ref={headingRef} tabIndex={-1} className="focus-target">
        <Trans>
          {i18n._(serviceNames[request.serviceId])}: request from {request.client.name}{' '}
          {request.client.lastName}
        </Trans>
      </h2>
      {/* The conversation first, its composer on the first screen: answering is what the
          request's page is opened for most. What the request is and where it stands follow. */}
      <RequestThread id={request.id} />
      <div className="admin-detail-record">
        <RequestFacts
          request={request}
          about={
            <>
              <dt>
                <Trans>Client</Trans>
              </dt>
              <dd>
                {request.client.name} {request.client.lastName} (
                <a href={mailtoHref(request.client.email)}>{request.client.email}</a>,{' '}
                {i18n._(localeLabels[request.client.locale])})
              </dd>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>
                {request.client.phone === '' ? (
                  '—'
                ) : (
                  <a href={telHref(request.client.phone)}>{request.client.phone}</a>
                )}
              </dd>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd>
                <ClientAddress address={request.client.address} />
              </dd>
            </>
          }
        />
        <RequestBriefAndHistory request={request} reader="agency" />
        <StatusChange request={request} />
        <ProposalEditor
          key={request.id}
          requestId={request.id}
          clientEmail={request.client.email}
        />
        <RequestPayments key={`payments-${request.id}`} requestId={request.id} />
      </div>
    </article>
  )
}

/** The request's conversation with its client: replies, files and internal notes. */
function RequestThread({ id }: { readonly id: string }) {
  const queryClient = useQueryClient()
  const effects = useMemo(() => {
    const agency = agencyThreadEffects(id)
    return {
      ...agency,
      // The list's counts and the menu's badge change once this thread is read.
      markRead: (upTo: string) => {
        agency.markRead(upTo)
        void queryClient.invalidateQueries({ queryKey: adminQueryKey, refetchType: 'none' })
      },
    }
  }, [id, queryClient])
  return <Conversation key={id} effects={effects} reader="agency" />
}

/**
 * The status form (statusChange machine): only the changes the serviceRequest machine allows
 * the agency from the request's current status, with a note the client reads and is mailed.
 */
function StatusChange({ request }: { readonly request: AdminServiceRequest }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [snapshot, send] = useStatusChange(async (input) => {
    try {
      const answer = await callEndpoint('changeRequestStatus', input, { id: request.id })
      queryClient.setQueryData(requestQueryOptions(request.id).queryKey, answer)
      return answer
    } finally {
      // The lists, and after a conflict the request itself, show the status it now has.
      await queryClient.invalidateQueries({ queryKey: adminQueryKey })
    }
  })
  const offered = allowedChanges(request.status, 'agency')
  const state = String(snapshot.value)
  const formRef = useRef<HTMLFormElement>(null)
  const actionRef = useRef<HTMLButtonElement>(null)
  const previous = useRef(state)
  useEffect(() => {
    if (previous.current === state) return
    const from = previous.current
    previous.current = state
    if (state === 'editing' && from !== 'submitting')
      formRef.current?.querySelector<HTMLElement>('input')?.focus()
    if (state === 'idle') actionRef.current?.focus()
  }, [state])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (snapshot.matches('submitting')) return
    const data = new FormData(event.currentTarget)
    const to = data.get('to')
    const note = data.get('note')
    if (typeof to !== 'string' || !offered.includes(to as RequestStatus)) return
    send({
      type: 'submit',
      values: { to: to as RequestStatus, note: typeof note === 'string' ? note : '' },
    })
  }

  const label = (status: RequestStatus) => i18n._(requestStatusLabels[status])
  const current = label(request.status)
  const outcome = snapshot.matches('done') ? (
    <Trans>The status is now {current}. The client has been notified by email.</Trans>
  ) : snapshot.matches('conflict') ? (
    <Trans>This request changed meanwhile: it is now {current}. Please choose again.</Trans>
  ) : snapshot.matches('error') ? (
    (snapshot.context.message ?? <Trans>The status could not be changed. Please try again.</Trans>)
  ) : null

  const editing = snapshot.matches('editing') || snapshot.matches('submitting')
  return (
    <section className="admin-status" aria-labelledby="admin-status-heading">
      <h3 id="admin-status-heading">
        <Trans>Change the status</Trans>
      </h3>
      <p role="status" className="form-status">
        {outcome}
      </p>
      {snapshot.matches('error') ? (
        <button
          type="button"
          className="button button-primary"
          onClick={() => send({ type: 'retry' })}
        >
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {!editing && !snapshot.matches('error') ? (
        offered.length > 0 ? (
          <button
            ref={actionRef}
            type="button"
            className="button"
            onClick={() => send({ type: 'edit' })}
          >
            <Trans>Change status</Trans>
          </button>
        ) : (
          <p>
            <Trans>This request is closed: its status can no longer change.</Trans>
          </p>
        )
      ) : null}
      {editing ? (
        <form
          ref={formRef}
          className="admin-status-form"
          noValidate
          onSubmit={submit}
          aria-busy={snapshot.matches('submitting')}
        >
          <fieldset>
            <legend>
              <Trans>New status (now {current})</Trans>
            </legend>
            {offered.map((status, index) => (
              <div className="form-check" key={status}>
                <input
                  id={`status-to-${status}`}
                  type="radio"
                  name="to"
                  value={status}
                  defaultChecked={
                    snapshot.context.values ? snapshot.context.values.to === status : index === 0
                  }
                />
                <label htmlFor={`status-to-${status}`}>{label(status)}</label>
              </div>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor="status-note">
              <Trans>Note for the client (optional)</Trans>
            </label>
            <textarea
              id="status-note"
              name="note"
              rows={4}
              maxLength={noteMaxLength}
              defaultValue={snapshot.context.values?.note ?? ''}
            />
          </div>
          <p className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={snapshot.matches('submitting')}
            >
              {snapshot.matches('submitting') ? <Trans>Saving…</Trans> : <Trans>Save status</Trans>}
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={snapshot.matches('submitting')}
              onClick={() => {
                if (!snapshot.matches('submitting')) send({ type: 'cancel' })
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      ) : null}
    </section>
  )
}
