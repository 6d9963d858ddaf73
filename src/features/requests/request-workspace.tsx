import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { serviceById } from '../../../domain/services/service-table'
import { useLocale } from '../../i18n/use-locale'
import { LoadState } from '../../ui/load-state'
import { RequestProgress } from '../../ui/request-record/request-progress'
import { RequestBriefAndHistory, RequestFacts } from '../../ui/request-record/request-record'
import { ServiceLink } from '../../ui/service-link'
import { Conversation } from '../../ui/workspace/conversation'
import { myRequestsQueryKey, myRequestsQueryOptions } from './api/requests-queries'
import { clientThreadEffects } from './api/thread-effects'
import { WithdrawRequest } from './my-requests'
import { PaymentsSection } from './payments-section'
import { ProposalAnswer } from './proposal-answer'
import './requests.css'

/**
 * `/my-services/<request id>`: one of the client's requests — its progress, facts, brief and history,
 * its proposal and, once accepted with a payment plan, its payments, the conversation with the
 * agency (messages, files, live) and, while it is open, withdrawal.
 * A request that is not the client's reads as one that does not exist.
 */
export function RequestWorkspace({ requestId }: { readonly requestId: string }) {
  const locale = useLocale()
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const requests = useQuery(myRequestsQueryOptions)
  const effects = useMemo(() => {
    const client = clientThreadEffects(requestId, i18n)
    return {
      ...client,
      // The list's "new messages" count changes once this thread is read.
      markRead: (upTo: string) => {
        client.markRead(upTo)
        void queryClient.invalidateQueries({ queryKey: myRequestsQueryKey, refetchType: 'none' })
      },
    }
  }, [requestId, i18n, queryClient])
  if (requests.isPending || requests.isError)
    return (
      <LoadState
        failed={requests.isError}
        loading={<Trans>Loading your request…</Trans>}
        failure={<Trans>Your request could not be loaded.</Trans>}
        onRetry={() => void requests.refetch()}
      />
    )
  const request = requests.data.requests.find((candidate) => candidate.id === requestId)
  if (!request)
    return (
      <section className="result-panel result-panel-bad">
        <h2>
          <Trans>This request does not exist</Trans>
        </h2>
        <p>
          <Trans>It may have been removed, or the address is incomplete.</Trans>
        </p>
      </section>
    )
  return (
    <>
      <article className="request-card" aria-labelledby="request-heading">
        <h2 id="request-heading">
          <ServiceLink service={serviceById(request.serviceId)} locale={locale} />
        </h2>
        <RequestProgress status={request.status} history={request.history} />
        <RequestFacts request={request} />
        <RequestBriefAndHistory request={request} reader="client" />
        <WithdrawRequest request={request} />
      </article>
      <ProposalAnswer key={request.id} requestId={request.id} />
      <PaymentsSection key={`payments-${request.id}`} requestId={request.id} />
      <Conversation effects={effects} reader="client" />
    </>
  )
}
