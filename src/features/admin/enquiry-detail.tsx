import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { budgetLabels } from '../../../domain/leads/lead-options'
import { mailtoHref } from '../../../domain/mailto'
import { serviceNames } from '../../../domain/services/service-table'
import { callEndpoint } from '../../api/call-endpoint'
import { LoadState } from '../../ui/load-state'
import { adminQueryKey, enquiryQueryOptions } from './api/admin-queries'
import { useFocusWhenReady } from './inbox-focus'
import { localeLabels } from './locale-labels'
import '../../ui/form-field.css'
// Its facts and message wear the request record's look (.request-facts, .request-need).
import '../../ui/request-record/request-record.css'
import { momentStyle } from '../../ui/date-styles'

/** One contact enquiry with every field, and marking it handled (or not). */
export function EnquiryDetail({ id }: { readonly id: string }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const detail = useQuery(enquiryQueryOptions(id))
  // A toggle with nothing to decide but "pending" or "failed": a mutation, as the data download.
  const mark = useMutation({
    mutationFn: (handled: boolean) => callEndpoint('markEnquiryHandled', { handled }, { id }),
    onSuccess: (answer) => queryClient.setQueryData(enquiryQueryOptions(id).queryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  })
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusWhenReady(detail.isSuccess, (target) =>
    target.to === 'detail' && target.id === id ? headingRef.current : undefined,
  )
  if (detail.isPending || detail.isError)
    return (
      <LoadState
        failed={detail.isError}
        loading={<Trans>Loading the enquiry…</Trans>}
        failure={<Trans>The enquiry could not be loaded.</Trans>}
      />
    )
  const enquiry = detail.data.enquiry
  const when = (at: string) => i18n.date(new Date(at), momentStyle)
  const handled = enquiry.handledAt !== null
  return (
    <article className="admin-detail" aria-labelledby="admin-detail-heading">
      <h2 id="admin-detail-heading" ref={headingRef} tabIndex={-1} className="focus-target">
        <Trans>Enquiry from {enquiry.name}</Trans>
      </h2>
      {enquiry.likelySpam ? (
        <p className="admin-flag">
          <Trans>Likely spam: sent faster than a person fills the form. Not mailed to you.</Trans>
        </p>
      ) : null}
      <dl className="request-facts">
        <dt>
          <Trans>Received</Trans>
        </dt>
        <dd>
          <time dateTime={enquiry.createdAt}>{when(enquiry.createdAt)}</time>
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          <a href={mailtoHref(enquiry.email)}>{enquiry.email}</a>
        </dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{enquiry.phone || t`None`}</dd>
        <dt>
          <Trans>Company</Trans>
        </dt>
        <dd>{enquiry.company || t`None`}</dd>
        <dt>
          <Trans>Service</Trans>
        </dt>
        <dd>{enquiry.serviceId ? i18n._(serviceNames[enquiry.serviceId]) : t`None`}</dd>
        <dt>
          <Trans>Budget</Trans>
        </dt>
        <dd>{i18n._(budgetLabels[enquiry.budget])}</dd>
        <dt>
          <Trans>Language</Trans>
        </dt>
        <dd>{i18n._(localeLabels[enquiry.locale])}</dd>
        <dt>
          <Trans>Handled</Trans>
        </dt>
        <dd>
          {enquiry.handledAt ? (
            <time dateTime={enquiry.handledAt}>{when(enquiry.handledAt)}</time>
          ) : (
            t`Not yet`
          )}
        </dd>
      </dl>
      <h3>
        <Trans>Message</Trans>
      </h3>
      <p className="request-need">{enquiry.message}</p>
      <p role="status" className="form-status">
        {mark.isError ? <Trans>The enquiry could not be updated. Please try again.</Trans> : null}
      </p>
      <p className="form-actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={mark.isPending}
          onClick={() => {
            if (!mark.isPending) mark.mutate(!handled)
          }}
        >
          {handled ? <Trans>Mark as not handled</Trans> : <Trans>Mark as handled</Trans>}
        </button>
      </p>
    </article>
  )
}
