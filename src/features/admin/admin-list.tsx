import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type MouseEvent, type ReactNode, useRef, useState } from 'react'
import { type AdminSearch, adminListQuery, pageCount } from '../../../domain/requests/admin-search'
import { queryString } from '../../api/call-endpoint'
import { downloadFile, saveFile } from '../../api/download-file'
import { apiBaseUrl } from '../../api/http-client'
import { useFreshProof } from '../../session/step-up/fresh-proof'
import { dayStyle } from '../../ui/date-styles'
import { LoadState } from '../../ui/load-state'
import { useRenderInSlices } from '../../ui/use-render-in-slices'
import type { ListQueryOptions } from './api/admin-queries'
import { useAskFocus, useFocusWhenReady } from './inbox-focus'
import { useSecondFactorFirst } from './use-second-factor-first'

/** The list's frame: loading, failure, the table, paging and the CSV of the filtered list (the receivables' too). */
export function ListFrame({
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
export type Column<Item> = {
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
export function AdminList<Item extends ListItem>({
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
  const queryKey = JSON.stringify(query)
  const answer = useQuery(options(query))
  useSecondFactorFirst(answer.error)
  const items = answer.data?.items ?? []
  const shown = useRenderInSlices(items.length, queryKey)
  const tableRef = useRef<HTMLTableElement>(null)
  const askFocus = useAskFocus()
  useFocusWhenReady(answer.isSuccess && shown >= items.length, (target) => {
    if (target.to === 'list') return target.query === queryKey ? tableRef.current : undefined
    if (target.to !== 'row') return undefined
    const row = tableRef.current?.querySelector<HTMLElement>(
      `a.admin-row-link[data-id="${CSS.escape(target.id)}"]`,
    )
    return row ?? tableRef.current
  })
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
        // Focusable from script alone: focus comes here once new filters are applied (its
        // caption, with the count, is what a screen reader announces).
        <table className="admin-table focus-target" ref={tableRef} tabIndex={-1}>
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
                      data-id={item.id}
                      onClick={() => askFocus({ to: 'detail', id: item.id })}
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
