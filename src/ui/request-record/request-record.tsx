import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { RequestHistoryEntry, ServiceRequestSummary } from '../../../domain/api/api-contract'
import { budgetLabels, desiredStartLabels } from '../../../domain/leads/lead-options'
import { requestStatusLabels } from '../../../domain/requests/request-status'
import './request-record.css'
import { momentStyle } from '../date-styles'

/**
 * A service request as both its client (`/my-services`) and the agency (`/admin`) read it: the
 * facts, the brief and the history. Its texts are extracted into the requests and admin catalogs, which only the pages
 * that show requests load (lingui.config.ts).
 */
type Reader = 'client' | 'agency'

function useWhen() {
  const { i18n } = useLingui()
  return (at: string) => i18n.date(new Date(at), momentStyle)
}

/** Status, dates, desired start and budget; `about` adds lines after the status (the client). */
export function RequestFacts({
  request,
  about,
}: {
  readonly request: ServiceRequestSummary
  readonly about?: ReactNode
}) {
  const { i18n } = useLingui()
  const when = useWhen()
  return (
    <dl className="request-facts">
      <dt>
        <Trans>Number</Trans>
      </dt>
      <dd className="request-number">{request.number}</dd>
      <dt>
        <Trans>Status</Trans>
      </dt>
      <dd>
        <span className="status-badge">{i18n._(requestStatusLabels[request.status])}</span>
      </dd>
      {about}
      <dt>
        <Trans>Sent</Trans>
      </dt>
      <dd>
        <time dateTime={request.createdAt}>{when(request.createdAt)}</time>
      </dd>
      <dt>
        <Trans>Last update</Trans>
      </dt>
      <dd>
        <time dateTime={request.updatedAt}>{when(request.updatedAt)}</time>
      </dd>
      <dt>
        <Trans>Desired start</Trans>
      </dt>
      <dd>{i18n._(desiredStartLabels[request.desiredStart])}</dd>
      <dt>
        <Trans>Budget</Trans>
      </dt>
      <dd>{i18n._(budgetLabels[request.budget])}</dd>
    </dl>
  )
}

/** The brief under its heading, then every change of status, oldest first, with its note. */
export function RequestBriefAndHistory({
  request,
  reader,
}: {
  readonly request: ServiceRequestSummary
  readonly reader: Reader
}) {
  return (
    <>
      <h3>{reader === 'client' ? <Trans>Your brief</Trans> : <Trans>Brief</Trans>}</h3>
      <p className="request-need">{request.need}</p>
      <h3>
        <Trans>History</Trans>
      </h3>
      <ol className="request-history">
        {request.history.map((entry) => (
          <HistoryEntry key={`${entry.at}-${entry.to}`} entry={entry} reader={reader} />
        ))}
      </ol>
    </>
  )
}

/**
 * A client's card in their list: the newest change of status (with the agency's note) in view,
 * the brief and the changes before it folded away, so a long brief does not push the next
 * request down a phone's screen.
 */
export function RequestLatestAndFolded({ request }: { readonly request: ServiceRequestSummary }) {
  const latest = request.history.at(-1)
  const earlier = request.history.slice(0, -1)
  return (
    <>
      {latest ? (
        <p className="request-latest">
          <HistoryEntryText entry={latest} reader="client" />
        </p>
      ) : null}
      <details className="request-folded">
        <summary>
          <Trans>Your brief and earlier history</Trans>
        </summary>
        <h3>
          <Trans>Your brief</Trans>
        </h3>
        <p className="request-need">{request.need}</p>
        {earlier.length > 0 ? (
          <>
            <h3>
              <Trans>History</Trans>
            </h3>
            <ol className="request-history">
              {earlier.map((entry) => (
                <HistoryEntry key={`${entry.at}-${entry.to}`} entry={entry} reader="client" />
              ))}
            </ol>
          </>
        ) : null}
      </details>
    </>
  )
}

function HistoryEntry({
  entry,
  reader,
}: {
  readonly entry: RequestHistoryEntry
  readonly reader: Reader
}) {
  return (
    <li>
      <HistoryEntryText entry={entry} reader={reader} />
    </li>
  )
}

/** When, who did what, and the note. */
function HistoryEntryText({
  entry,
  reader,
}: {
  readonly entry: RequestHistoryEntry
  readonly reader: Reader
}) {
  const { i18n } = useLingui()
  const when = useWhen()
  const status = i18n._(requestStatusLabels[entry.to])
  return (
    <>
      <time dateTime={entry.at}>{when(entry.at)}</time>:{' '}
      <HistoryText entry={entry} reader={reader} status={status} />
      {entry.note.trim() !== '' ? (
        <blockquote className="request-note">{entry.note}</blockquote>
      ) : null}
    </>
  )
}

/** Who did what, told to the one who reads it. */
function HistoryText({
  entry,
  reader,
  status,
}: {
  readonly entry: RequestHistoryEntry
  readonly reader: Reader
  readonly status: string
}) {
  // A client's answer to a proposal moves the request on from "Proposal sent": told as the
  // answer it was, not as a status picked by hand.
  const answer =
    entry.by === 'client' && entry.from === 'proposalSent'
      ? entry.to === 'inProgress'
        ? 'accepted'
        : entry.to === 'inReview'
          ? 'declined'
          : undefined
      : undefined
  if (reader === 'client') {
    if (entry.from === null) return <Trans>you sent the request.</Trans>
    if (answer === 'accepted') return <Trans>you accepted the proposal.</Trans>
    if (answer === 'declined') return <Trans>you declined the proposal.</Trans>
    return entry.by === 'client' ? (
      <Trans>you changed the status to {status}.</Trans>
    ) : (
      <Trans>Puente Digital changed the status to {status}.</Trans>
    )
  }
  if (entry.from === null) return <Trans>the client sent the request.</Trans>
  if (answer === 'accepted') return <Trans>the client accepted the proposal.</Trans>
  if (answer === 'declined') return <Trans>the client declined the proposal.</Trans>
  return entry.by === 'client' ? (
    <Trans>the client changed the status to {status}.</Trans>
  ) : (
    <Trans>the agency changed the status to {status}.</Trans>
  )
}
