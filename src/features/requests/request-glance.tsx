import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { MyServiceRequest } from '../../../domain/api/api-contract'
import { serviceNames } from '../../../domain/services/service-table'
import { proposalStatusLabels, useMoney } from '../../ui/proposal/proposal-status'

/** The request page's sections a card's lines lead to (their headings' ids). */
const proposalAnchor = 'proposal-heading'
const paymentsAnchor = 'payments-heading'

/** A proposal the client can still answer: sent, and not past its last valid day. */
const awaitsAnswer = (request: MyServiceRequest) => request.proposal?.state === 'sent'

/**
 * What a card says beyond the request's facts: its newest proposal and total, what is due now,
 * and the conversation with how many messages are new — each a link into the request's page.
 */
export function RequestGlance({ request }: { readonly request: MyServiceRequest }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const { proposal } = request
  const amountDue = request.amountDue ?? 0
  const newMessages = request.newMessages ?? 0
  const params = { requestId: request.id }
  const version = proposal?.version
  const total = proposal ? money(proposal.total) : ''
  const state = proposal
    ? i18n._(proposalStatusLabels[proposal.state]).toLocaleLowerCase(i18n.locale)
    : ''
  const due = money(amountDue)
  return (
    <ul className="request-glance">
      {proposal ? (
        <li>
          <Link to="/my-services/$requestId" params={params} hash={proposalAnchor}>
            {proposal.state === 'sent' ? (
              <Trans>
                Proposal {version}: {total} with IVA, waiting for your answer
              </Trans>
            ) : (
              <Trans>
                Proposal {version}: {total} with IVA, {state}
              </Trans>
            )}
          </Link>
        </li>
      ) : null}
      {amountDue > 0 ? (
        <li>
          <Link to="/my-services/$requestId" params={params} hash={paymentsAnchor}>
            <Trans>Due now: {due}</Trans>
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/my-services/$requestId" params={params}>
          {newMessages > 0 ? (
            <Trans>Messages and files (new messages: {newMessages})</Trans>
          ) : (
            <Trans>Messages and files</Trans>
          )}
        </Link>
      </li>
    </ul>
  )
}

/**
 * The top of `/my-services`: what asks something of the client now — proposals to answer,
 * amounts due, the agency's new messages — each leading to its place; or that nothing does.
 */
export function NeedsYou({ requests }: { readonly requests: readonly MyServiceRequest[] }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const newestFirst = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const nameOf = (request: MyServiceRequest) =>
    `${request.number} · ${i18n._(serviceNames[request.serviceId])}`
  // Answers first (a proposal lapses), then payments, then what there is to read.
  const lines = [
    ...newestFirst.filter(awaitsAnswer).map((request) => {
      const name = nameOf(request)
      const total = money(request.proposal?.total ?? 0)
      return (
        <li key={`${request.id}-proposal`}>
          <Link
            to="/my-services/$requestId"
            params={{ requestId: request.id }}
            hash={proposalAnchor}
          >
            <Trans>
              {name}: a proposal to answer ({total} with IVA)
            </Trans>
          </Link>
        </li>
      )
    }),
    ...newestFirst
      .filter((request) => (request.amountDue ?? 0) > 0)
      .map((request) => {
        const name = nameOf(request)
        const due = money(request.amountDue ?? 0)
        return (
          <li key={`${request.id}-due`}>
            <Link
              to="/my-services/$requestId"
              params={{ requestId: request.id }}
              hash={paymentsAnchor}
            >
              <Trans>
                {name}: {due} due
              </Trans>
            </Link>
          </li>
        )
      }),
    ...newestFirst
      .filter((request) => (request.newMessages ?? 0) > 0)
      .map((request) => {
        const name = nameOf(request)
        const unread = request.newMessages ?? 0
        return (
          <li key={`${request.id}-messages`}>
            <Link to="/my-services/$requestId" params={{ requestId: request.id }}>
              <Trans>
                {name}: new messages ({unread})
              </Trans>
            </Link>
          </li>
        )
      }),
  ]
  return (
    <section className="needs-you" aria-labelledby="needs-you-heading">
      <h2 id="needs-you-heading">
        <Trans>What needs you</Trans>
      </h2>
      {lines.length > 0 ? (
        <ul>{lines}</ul>
      ) : (
        <p>
          <Trans>Nothing right now: we will write to you when there is news.</Trans>
        </p>
      )}
    </section>
  )
}
