import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  type FormEvent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react'
import { queryString } from '../../api/call-endpoint'
import { downloadFile, saveFile } from '../../api/download-file'
import { listenToEvents } from '../../api/event-stream'
import { apiBaseUrl } from '../../api/http-client'
import {
  type AdminServiceRequestList,
  endpoints,
  failureAnswer,
  type ProposalFigures,
} from '../../domain/api/api-contract'
import { formatMoney } from '../../domain/money'
import {
  type AdminSearch,
  adminListQuery,
  pageCount,
  parseAdminSearch,
} from '../../domain/requests/admin-search'
import { requestStatuses, requestStatusLabels } from '../../domain/requests/request-status'
import {
  areaIds,
  areaNames,
  serviceNames,
  servicesInArea,
} from '../../domain/services/service-table'
import { useLocale } from '../../i18n/use-locale'
import { useFreshProof } from '../../session/step-up/fresh-proof'
import { LoadState } from '../../ui/load-state'
import {
  adminQueryKey,
  enquiryListQueryOptions,
  type ListQueryOptions,
  requestListQueryOptions,
} from './api/admin-queries'
// The inbox's filters and status form use the form classes: their sheet comes with the inbox,
// so a direct load or a refresh of /admin is styled, not only a visit after another form.
import '../../ui/form-field.css'
import './admin.css'
import { dayStyle } from '../../ui/date-styles'
import { useRenderInSlices } from '../../ui/use-render-in-slices'

// A request's or an enquiry's page (the proposal editor and the workspace included) is a chunk of
// its own: the list, what the inbox opens on, starts without evaluating it (docs/decisions/045).
const RequestDetail = lazy(() =>
  import('./request-detail').then((module) => ({ default: module.RequestDetail })),
)
const EnquiryDetail = lazy(() =>
  import('./enquiry-detail').then((module) => ({ default: module.EnquiryDetail })),
)

/**
 * The agency's inbox: service requests and enquiries as two lists, each filtered, paged and
 * exported as the address says (`AdminSearch`), and the detail of one item (`?id=`). The
 * address is the state: a filtered page can be bookmarked, shared and reloaded.
 */
export function AdminInbox({ search }: { readonly search: AdminSearch }) {
  const { t } = useLingui()
  const enquiries = search.tab === 'enquiries'
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
              aria-current={enquiries ? undefined : 'page'}
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
        </ul>
      </nav>
      {search.id ? (
        <>
          <p>
            <Link to="/admin" search={{ ...search, id: undefined }}>
              <Trans>Back to the list</Trans>
            </Link>
          </p>
          <Suspense
            fallback={
              <LoadState
                failed={false}
                loading={
                  enquiries ? (
                    <Trans>Loading the enquiry…</Trans>
                  ) : (
                    <Trans>Loading the request…</Trans>
                  )
                }
                failure={null}
              />
            }
          >
            {enquiries ? <EnquiryDetail id={search.id} /> : <RequestDetail id={search.id} />}
          </Suspense>
        </>
      ) : (
        <>
          <Filters search={search} />
          {enquiries ? <EnquiryList search={search} /> : <RequestList search={search} />}
        </>
      )}
    </div>
  )
}

function Filters({ search }: { readonly search: AdminSearch }) {
  const { i18n, t } = useLingui()
  const navigate = useNavigate()
  const enquiries = search.tab === 'enquiries'
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    void navigate({ to: '/admin', search: parseAdminSearch({ ...values, tab: search.tab }) })
  }
  return (
    <form
      // Another address (a link, the back button) shows its own filters.
      key={JSON.stringify(search)}
      className="admin-filters"
      aria-label={t`Filter the list`}
      onSubmit={apply}
    >
      {enquiries ? (
        <div className="form-field">
          <label htmlFor="filter-handled">
            <Trans>Handled</Trans>
          </label>
          <select id="filter-handled" name="handled" defaultValue={search.handled ?? ''}>
            <option value="">{t`All`}</option>
            <option value="no">{t`Not handled`}</option>
            <option value="yes">{t`Handled`}</option>
          </select>
        </div>
      ) : (
        <div className="form-field">
          <label htmlFor="filter-status">
            <Trans>Status</Trans>
          </label>
          <select id="filter-status" name="status" defaultValue={search.status ?? ''}>
            <option value="">{t`All`}</option>
            {requestStatuses.map((status) => (
              <option key={status} value={status}>
                {i18n._(requestStatusLabels[status])}
              </option>
            ))}
          </select>
        </div>
      )}
      {enquiries ? null : (
        <div className="form-field form-check">
          <input
            id="filter-awaiting"
            name="awaiting"
            type="checkbox"
            value="yes"
            defaultChecked={search.awaiting === 'yes'}
          />
          <label htmlFor="filter-awaiting">
            <Trans>Awaiting our reply</Trans>
          </label>
        </div>
      )}
      <div className="form-field">
        <label htmlFor="filter-service">
          <Trans>Service</Trans>
        </label>
        <select id="filter-service" name="service" defaultValue={search.service ?? ''}>
          <option value="">{t`All services`}</option>
          {areaIds.map((area) => (
            <optgroup key={area} label={i18n._(areaNames[area])}>
              {servicesInArea(area).map((service) => (
                <option key={service.en} value={service.en}>
                  {i18n._(serviceNames[service.en])}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="filter-from">
          <Trans>From</Trans>
        </label>
        <input id="filter-from" name="from" type="date" defaultValue={search.from ?? ''} />
      </div>
      <div className="form-field">
        <label htmlFor="filter-to">
          <Trans>To</Trans>
        </label>
        <input id="filter-to" name="to" type="date" defaultValue={search.to ?? ''} />
      </div>
      <div className="form-field">
        <label htmlFor="filter-q">
          <Trans>Name or email</Trans>
        </label>
        <input id="filter-q" name="q" type="search" maxLength={200} defaultValue={search.q ?? ''} />
      </div>
      <p className="form-actions">
        <button type="submit" className="button button-primary">
          <Trans>Apply filters</Trans>
        </button>
        <Link to="/admin" search={enquiries ? { tab: 'enquiries' } : {}} className="button">
          <Trans>Clear filters</Trans>
        </Link>
      </p>
    </form>
  )
}

/** The list's frame: loading, failure, the table, paging and the CSV of the filtered list. */
function ListFrame({
  search,
  csvPath,
  pending,
  failed,
  retry,
  total,
  pageSize,
  table,
}: {
  readonly search: AdminSearch
  readonly csvPath: string
  readonly pending: boolean
  readonly failed: boolean
  readonly retry: () => void
  readonly total: number
  readonly pageSize: number
  readonly table: ReactNode
}) {
  const { t } = useLingui()
  const withProof = useFreshProof()
  const [csvFailed, setCsvFailed] = useState(false)
  if (pending || failed)
    return (
      <LoadState
        failed={failed}
        loading={<Trans>Loading the list…</Trans>}
        failure={<Trans>The list could not be loaded.</Trans>}
        onRetry={retry}
      />
    )
  const page = search.page ?? 1
  const pages = pageCount(total, pageSize)
  const { page: _page, ...allPages } = adminListQuery(search)
  return (
    <>
      <p className="admin-list-tools">
        <a
          href={`${apiBaseUrl}${csvPath}${queryString(allPages)}`}
          download
          className="button"
          onClick={(event) => {
            // With the script, the file is fetched first: a step-up's refusal asks for proof
            // (the dialog), then the download is made again, rather than saved as the file.
            event.preventDefault()
            setCsvFailed(false)
            const path = `${csvPath}${queryString(allPages)}`
            withProof(() => downloadFile(path))
              .then(({ blob, filename }) => saveFile(blob, filename ?? 'export.csv'))
              .catch(() => setCsvFailed(true))
          }}
        >
          <Trans>Download CSV</Trans>
        </a>
        {csvFailed ? (
          <span role="alert">
            <Trans>The CSV could not be downloaded. Please try again.</Trans>
          </span>
        ) : null}
      </p>
      <div className="admin-table-wrap">{table}</div>
      <nav className="admin-paging" aria-label={t`Pages`}>
        {page > 1 ? (
          <Link to="/admin" search={{ ...search, page: page - 1 }} rel="prev">
            <Trans>Previous page</Trans>
          </Link>
        ) : null}
        <span>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        {page < pages ? (
          <Link to="/admin" search={{ ...search, page: page + 1 }} rel="next">
            <Trans>Next page</Trans>
          </Link>
        ) : null}
      </nav>
    </>
  )
}

/** What every inbox row has: the item it opens, and the date it came in. */
type ListItem = { readonly id: string; readonly createdAt: string }

/**
 * A click on a row's cell, passed to the row's link (the whole row is the target, the link its
 * one focus stop and what a screen reader names). A click on a link of its own, or one that
 * ends a text selection (an email copied from the row), is left alone; the modifier keys go
 * with it, so Ctrl/⌘-click still opens the item in a new tab.
 */
function openClickedRow(event: MouseEvent<HTMLTableSectionElement>): void {
  if (!(event.target instanceof Element)) return
  if (event.target.closest('a, button, input, select, textarea, label')) return
  if (window.getSelection()?.isCollapsed === false) return
  const link = event.target.closest('tr')?.querySelector<HTMLAnchorElement>('a.admin-row-link')
  if (!link) return
  const { ctrlKey, metaKey, shiftKey, altKey, button } = event
  link.dispatchEvent(
    new window.MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      ctrlKey,
      metaKey,
      shiftKey,
      altKey,
      button,
    }),
  )
}

/** One column of an inbox list after the date and the person: its heading and its cell. */
type Column<Item> = {
  /** What the column holds, unique in its list (its key). */
  readonly name: string
  readonly heading: ReactNode
  readonly cell: (item: Item, day: (at: string) => string) => ReactNode
  readonly className?: string
}

/**
 * One inbox list: its page of the filtered items, read under the inbox's key, as a table in the
 * list's frame. A row opens its item: its date is the link (the row's one focus stop, named
 * after the sender; Enter opens it) and a click anywhere else on the row is passed to it
 * (`openClickedRow`). On a phone the rows stack as cards, each cell under its
 * heading (`admin-cell-label`, shown only there: the table's header row says it otherwise).
 */
function AdminList<Item extends ListItem>({
  search,
  options,
  csvPath,
  caption,
  dateHeading,
  personHeading,
  empty,
  person,
  columns,
}: {
  readonly search: AdminSearch
  /** The list's query, from the filters' query string (admin-queries.ts). */
  readonly options: (query: Record<string, string>) => ListQueryOptions<Item>
  readonly csvPath: string
  readonly caption: (total: number) => ReactNode
  readonly dateHeading: ReactNode
  readonly personHeading: ReactNode
  readonly empty: ReactNode
  readonly person: (item: Item) => { readonly name: string; readonly email: string }
  readonly columns: readonly Column<Item>[]
}) {
  const { i18n } = useLingui()
  const query = adminListQuery(search)
  const answer = useQuery(options(query))
  useSecondFactorFirst(answer.error)
  const items = answer.data?.items ?? []
  const shown = useRenderInSlices(items.length, JSON.stringify(query))
  const total = answer.data?.total ?? 0
  const day = (at: string) => i18n.date(new Date(at), dayStyle)
  const label = (heading: ReactNode) => <span className="admin-cell-label">{heading}</span>
  return (
    <ListFrame
      search={search}
      csvPath={csvPath}
      pending={answer.isPending}
      failed={answer.isError}
      retry={() => void answer.refetch()}
      total={total}
      pageSize={answer.data?.pageSize ?? 25}
      table={
        <table className="admin-table">
          <caption>{caption(total)}</caption>
          <thead>
            <tr>
              <th scope="col">{dateHeading}</th>
              <th scope="col">{personHeading}</th>
              {columns.map((column) => (
                <th key={column.name} scope="col">
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way is each row's link (Tab, Enter); this only widens the pointer's target to the row */}
          <tbody onClick={openClickedRow}>
            {items.length === 0 ? (
              <tr className="admin-empty-row">
                <td colSpan={columns.length + 2}>{empty}</td>
              </tr>
            ) : null}
            {items.slice(0, shown).map((item) => {
              const { name, email } = person(item)
              return (
                <tr key={item.id} className="admin-row">
                  <th scope="row">
                    {label(dateHeading)}
                    <Link
                      to="/admin"
                      search={{ ...search, id: item.id }}
                      className="admin-row-link"
                    >
                      <time dateTime={item.createdAt}>{day(item.createdAt)}</time>
                      {/* Each row's link names whose item it opens, not only its date. */}
                      <span className="visually-hidden">{`: ${name}`}</span>
                    </Link>
                  </th>
                  <td>
                    {label(personHeading)}
                    {name}
                    <br />
                    <span className="admin-email">{email}</span>
                  </td>
                  {columns.map((column) => (
                    <td key={column.name} className={column.className}>
                      {label(column.heading)}
                      {/* Its own element, so the value is found apart from its phone label. */}
                      <span className="admin-cell-value">{column.cell(item, day)}</span>
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      }
    />
  )
}

function RequestList({ search }: { readonly search: AdminSearch }) {
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
              </>
            ),
          },
          {
            name: 'updated',
            heading: <Trans>Last update</Trans>,
            cell: (item, day) => <time dateTime={item.updatedAt}>{day(item.updatedAt)}</time>,
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

function EnquiryList({ search }: { readonly search: AdminSearch }) {
  const { i18n, t } = useLingui()
  return (
    <AdminList
      search={search}
      options={enquiryListQueryOptions}
      csvPath={endpoints.adminEnquiriesCsv.path}
      caption={(total) => <Trans>Enquiries: {total} found</Trans>}
      dateHeading={<Trans>Received</Trans>}
      personHeading={<Trans>Name</Trans>}
      empty={<Trans>No enquiries match these filters.</Trans>}
      person={(item) => ({ name: item.name, email: item.email })}
      columns={[
        {
          name: 'service',
          heading: <Trans>Service</Trans>,
          cell: (item) => (item.serviceId ? i18n._(serviceNames[item.serviceId]) : t`None`),
        },
        {
          name: 'handled',
          heading: <Trans>Handled</Trans>,
          cell: (item) => (item.handledAt ? t`Yes` : t`Not yet`),
        },
      ]}
    />
  )
}

/**
 * An admin without a second factor (or whose session proved none) is sent to set one up in the
 * profile's security section, which then leads back here.
 */
export function useSecondFactorFirst(error: unknown): void {
  const navigate = useNavigate()
  const needed = failureAnswer(error)?.code === 'mfa_required'
  useEffect(() => {
    if (needed) void navigate({ to: '/profile', search: { setup: 'admin' }, hash: 'security' })
  }, [needed, navigate])
}
