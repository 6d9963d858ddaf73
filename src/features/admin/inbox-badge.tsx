import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { endpoints, type InboxStreamEvent } from '../../../domain/api/api-contract'
import { callEndpoint } from '../../api/call-endpoint'
import { listenToEvents } from '../../api/event-stream'
import { ensureCatalogs } from '../../i18n/i18n'
import './inbox-badge.css'

/**
 * The account menu's count beside "Inbox": the threads whose last public message is the
 * client's (awaiting the agency's reply), read once and then kept live by the inbox's stream.
 * Nothing while unknown or zero. Loaded on its own, for admins only
 * (`src/shell/components/lazy-inbox-badge.tsx`).
 */
export default function InboxBadge() {
  const { t } = useLingui()
  const [unanswered, setUnanswered] = useState<number | undefined>()
  const [texts, setTexts] = useState(false)
  useEffect(() => {
    let stopped = false
    // The menu is on every page; its words are in the inbox's catalog, which few pages load.
    ensureCatalogs(['admin']).then(
      () => {
        if (!stopped) setTexts(true)
      },
      () => {},
    )
    callEndpoint('adminInboxSummary').then(
      (summary) => {
        if (!stopped) setUnanswered((known) => known ?? summary.unansweredThreads)
      },
      () => {},
    )
    const stop = listenToEvents(endpoints.adminInboxEvents.path, {
      thread: (data) => setUnanswered((data as InboxStreamEvent).unansweredThreads),
    })
    return () => {
      stopped = true
      stop()
    }
  }, [])
  if (!unanswered || !texts) return null
  return (
    <span className="inbox-badge">
      <span aria-hidden="true">{unanswered}</span>
      <span className="visually-hidden">{t`(${unanswered} awaiting our reply)`}</span>
    </span>
  )
}
