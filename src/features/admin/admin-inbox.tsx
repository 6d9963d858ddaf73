import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { type AdminSearch, adminListQuery } from '../../../domain/requests/admin-search'
import { LoadState } from '../../ui/load-state'
import { useMediaQuery } from '../../ui/use-media-query'
import { receivableListQueryOptions } from './api/admin-queries'
import { EnquiryList } from './enquiry-list'
import { InboxFilters } from './inbox-filters'
import { InboxFocusProvider, useAskFocus } from './inbox-focus'
import { ReceivablesFilters } from './receivables-filters'
import { ReceivablesList } from './receivables-list'
import { RequestList } from './request-list'
// The inbox's filters and status form use the form classes: their sheet comes with the inbox,
// so a direct load or a refresh of /admin is styled, not only a visit after another form.
import '../../ui/form-field.css'
import './admin.css'

// A request's or an enquiry's page (the proposal editor and the workspace included) is a chunk of
// its own: the list, what the inbox opens on, starts without evaluating it (docs/decisions/045).
const RequestDetail = lazy(() =>
  import('./request-detail').then((module) => ({ default: module.RequestDetail })),
)
const EnquiryDetail = lazy(() =>
  import('./enquiry-detail').then((module) => ({ default: module.EnquiryDetail })),
)

/** From this width the list and the open item are shown side by side (admin.css: `.admin-split`). */
export const splitViewQuery = '(min-width: 1100px)'

/**
 * The agency's inbox: service requests, enquiries and receivables (every instalment) as lists, each filtered, paged and
 * exported as the address says (`AdminSearch`), and the detail of one item (`?id=`). The
 * address is the state: a filtered page can be bookmarked, shared and reloaded.
 */
export function AdminInbox({ search }: { readonly search: AdminSearch }) {
  return (
    <InboxFocusProvider>
      <InboxView search={search} />
    </InboxFocusProvider>
  )
}

function InboxView({ search }: { readonly search: AdminSearch }) {
  const { t } = useLingui()
  const askFocus = useAskFocus()
  const enquiries = search.tab === 'enquiries'
  const receivables = search.tab === 'receivables'
  const { id } = search
  // A wide screen shows the list beside the open item; a narrower one, one or the other.
  const split = useMediaQuery(splitViewQuery)
  const list = receivables ? (
    <>
      <ReceivablesFilters search={search} />
      <ReceivablesList search={search} />
    </>
  ) : (
    <>
      <InboxFilters search={search} />
      {enquiries ? <EnquiryList search={search} /> : <RequestList search={search} />}
    </>
  )
  const detail = id ? (
    <>
      <p>
        {/* Back on the list (beside it, the item closes), focus goes to the row of the item
            left (inbox-focus.tsx). */}
        <Link
          to="/admin"
          search={{ ...search, id: undefined }}
          onClick={() => askFocus({ to: 'row', id })}
        >
          <Trans>Back to the list</Trans>
        </Link>
      </p>
      <Suspense
        fallback={
          <LoadState
            failed={false}
            loading={
              enquiries ? <Trans>Loading the enquiry…</Trans> : <Trans>Loading the request…</Trans>
            }
            failure={null}
          />
        }
      >
        {enquiries ? <EnquiryDetail id={id} /> : <RequestDetail id={id} />}
      </Suspense>
    </>
  ) : null
  return (
    <div className="admin-inbox">
      <nav className="admin-tabs" aria-label={t`Inbox lists`}>
        <ul>
          <li>
            {/* Exact: the router would otherwise count /admin?tab=enquiries as this tab too. */}
            <Link
              to="/admin"
              search={{}}
              activeOptions={{ exact: true }}
              aria-current={enquiries || receivables ? undefined : 'page'}
            >
              <Trans>Service requests</Trans>
            </Link>
          </li>
          <li>
            <Link
              to="/admin"
              search={{ tab: 'enquiries' }}
              activeOptions={{ exact: true }}
              aria-current={enquiries ? 'page' : undefined}
            >
              <Trans>Enquiries</Trans>
            </Link>
          </li>
          <li>
            <Link
              to="/admin"
              search={{ tab: 'receivables' }}
              activeOptions={{ exact: true }}
              aria-current={receivables ? 'page' : undefined}
            >
              <ReceivablesTabName listShown={split || !id} />
            </Link>
          </li>
        </ul>
      </nav>
      <p className="admin-content-link">
        <Link to="/admin/content">
          <Trans>Site content</Trans>
        </Link>
      </p>
      {split ? (
        // Side by side: the list stays where it is (its filters, page and scroll) while the
        // item beside it opens and closes; each pane scrolls on its own.
        <div className="admin-split">
          <div className="admin-split-list">{list}</div>
          <div className="admin-split-detail">
            {id ? (
              detail
            ) : (
              <p className="admin-split-empty">
                {enquiries ? (
                  <Trans>Choose an enquiry in the list to read it here.</Trans>
                ) : (
                  <Trans>Choose a request in the list to answer it here.</Trans>
                )}
              </p>
            )}
          </div>
        </div>
      ) : id ? (
        detail
      ) : (
        list
      )}
    </div>
  )
}

/**
 * The tab's name with the overdue instalments' count (over every instalment, whatever the
 * filters): read with the list's unfiltered first page, which the tab opens on, so opening it
 * costs no second read. Read again when the inbox is shown again, not live.
 */
function ReceivablesTabName({ listShown }: { readonly listShown: boolean }) {
  // Read with a list, not beside an item's detail: a detail's changes refresh the admin's
  // reads, and the count would be read again with every one of them.
  const overdue = useQuery({
    ...receivableListQueryOptions(adminListQuery({ tab: 'receivables' })),
    enabled: listShown,
  }).data?.overdueCount
  if (!overdue) return <Trans>Receivables</Trans>
  return <Trans>Receivables ({overdue} overdue)</Trans>
}
