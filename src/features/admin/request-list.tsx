import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import {
  type AdminServiceRequestList,
  endpoints,
  type ProposalFigures,
} from '../../../domain/api/api-contract'
import { formatMoney } from '../../../domain/money'
import { type AdminSearch, adminListQuery } from '../../../domain/requests/admin-search'
import { requestStatusLabels } from '../../../domain/requests/request-status'
import { serviceNames } from '../../../domain/services/service-table'
import { listenToEvents } from '../../api/event-stream'
import { useLocale } from '../../i18n/use-locale'
import { AdminList } from './admin-list'
import { adminQueryKey, requestListQueryOptions } from './api/admin-queries'

/** The service requests' list, its proposal figures above it, kept live by the inbox's stream. */
export function RequestList({ search }: { readonly search: AdminSearch }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  // A message in any thread changes the counts: the list follows the inbox's stream.
  useEffect(
    () =>
      listenToEvents(endpoints.adminInboxEvents.path, {
        thread: () =>
          void queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'requests'] }),
      }),
    [queryClient],
  )
  // The same read as the list's (one request): its figures over every request.
  const list = useQuery(requestListQueryOptions(adminListQuery(search))).data
  // The list's options are typed as a plain page; the requests' page also carries the figures.
  const figures = (list as AdminServiceRequestList | undefined)?.proposals
  return (
    <>
      {figures ? <ProposalFiguresLine figures={figures} /> : null}
      <AdminList
        search={search}
        options={requestListQueryOptions}
        csvPath={endpoints.adminServiceRequestsCsv.path}
        caption={(total) => <Trans>Service requests: {total} found</Trans>}
        dateHeading={<Trans>Sent</Trans>}
        personHeading={<Trans>Client</Trans>}
        empty={<Trans>No service requests match these filters.</Trans>}
        person={(item) => ({
          name: `${item.client.name} ${item.client.lastName}`,
          email: item.client.email,
        })}
        columns={[
          {
            name: 'number',
            heading: <Trans>Number</Trans>,
            className: 'admin-request-number',
            cell: (item) => item.number,
          },
          {
            name: 'service',
            heading: <Trans>Service</Trans>,
            cell: (item) => i18n._(serviceNames[item.serviceId]),
          },
          {
            name: 'status',
            heading: <Trans>Status</Trans>,
            cell: (item) => (
              <>
                {i18n._(requestStatusLabels[item.status])}
                {item.proposalAwaitingAnswer ? (
                  <>
                    <br />
                    <span className="admin-awaiting">
                      <Trans>Proposal awaiting answer</Trans>
                    </span>
                  </>
                ) : null}
                {item.proposalDeclined ? (
                  <>
                    <br />
                    <span className="admin-flag">
                      <Trans>Proposal declined</Trans>
                    </span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            name: 'messages',
            heading: <Trans>New messages</Trans>,
            className: 'admin-new-messages',
            cell: (item) => (
              <>
                {item.newMessages > 0 ? <strong>{item.newMessages}</strong> : '0'}
                {item.awaitingReply ? (
                  <>
                    <br />
                    <span className="admin-awaiting">
                      <Trans>Awaiting our reply</Trans>
                    </span>
                  </>
                ) : null}
                {item.answerOverdue ? (
                  <>
                    <br />
                    <span className="admin-flag">
                      <Trans>Answer overdue</Trans>
                    </span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            name: 'activity',
            heading: <Trans>Last activity</Trans>,
            cell: (item, day) => (
              <time dateTime={item.lastActivityAt}>{day(item.lastActivityAt)}</time>
            ),
          },
        ]}
      />
    </>
  )
}

/** Proposals awaiting the clients' answers, and the value accepted this month (IVA included). */
function ProposalFiguresLine({ figures }: { readonly figures: ProposalFigures }) {
  const locale = useLocale()
  const { awaitingAnswer } = figures
  const accepted = formatMoney(figures.acceptedThisMonth, locale)
  return (
    <p className="admin-proposal-figures">
      <Trans>
        Proposals awaiting an answer: {awaitingAnswer}. Accepted this month: {accepted} (IVA
        included).
      </Trans>
    </p>
  )
}
