import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useRef } from 'react'
import { endpoints, type Receivable } from '../../../domain/api/api-contract'
import { formatMoney } from '../../../domain/money'
import { type AdminSearch, adminListQuery } from '../../../domain/requests/admin-search'
import { useLocale } from '../../i18n/use-locale'
import { instalmentStateLabels } from '../../ui/payments/payment-labels'
import { ListFrame } from './admin-list'
import { receivableListQueryOptions } from './api/admin-queries'
import { useAskFocus, useFocusWhenReady } from './inbox-focus'
import { useSecondFactorFirst } from './use-second-factor-first'

/**
 * The agency's receivables: every instalment of every request, the overdue first (the longest
 * overdue first), filtered and paged as the address says, with the open balance of the filter
 * and the CSV of every page. A row's request number opens the request (its Payments section
 * records or voids). On a phone the rows stack as cards, each cell under its heading, as the
 * inbox's other lists do.
 */
export function ReceivablesList({ search }: { readonly search: AdminSearch }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const query = adminListQuery(search)
  const queryKey = JSON.stringify(query)
  const answer = useQuery(receivableListQueryOptions(query))
  useSecondFactorFirst(answer.error)
  const tableRef = useRef<HTMLTableElement>(null)
  const askFocus = useAskFocus()
  const items = answer.data?.items ?? []
  useFocusWhenReady(answer.isSuccess, (target) => {
    if (target.to === 'list') return target.query === queryKey ? tableRef.current : undefined
    if (target.to !== 'row') return undefined
    const row = tableRef.current?.querySelector<HTMLElement>(
      `a.admin-row-link[data-id="${CSS.escape(target.id)}"]`,
    )
    return row ?? tableRef.current
  })
  const total = answer.data?.total ?? 0
  const money = (centavos: number) => formatMoney(centavos, locale)
  const headings = {
    folio: <Trans>Folio</Trans>,
    request: <Trans>Request</Trans>,
    client: <Trans>Client</Trans>,
    amount: <Trans>Amount</Trans>,
    balance: <Trans>Balance</Trans>,
    state: <Trans>State</Trans>,
    due: <Trans>Due</Trans>,
  }
  const label = (heading: ReactNode) => <span className="admin-cell-label">{heading}</span>
  const dueCell = (item: Receivable) => {
    if (item.dueDay !== null)
      return (
        <time dateTime={item.dueDay}>
          {i18n.date(new Date(`${item.dueDay}T12:00:00Z`), {
            dateStyle: 'medium',
            timeZone: 'UTC',
          })}
        </time>
      )
    return item.due.on === 'acceptance' ? <Trans>On acceptance</Trans> : <Trans>On delivery</Trans>
  }
  return (
    <>
      {answer.data ? (
        <p className="admin-proposal-figures">
          <Trans>
            Open balance of these instalments: {money(answer.data.openBalance)}. Overdue
            instalments: {answer.data.overdueCount}.
          </Trans>
        </p>
      ) : null}
      <ListFrame
        search={search}
        csvPath={endpoints.adminReceivablesCsv.path}
        pending={answer.isPending}
        failed={answer.isError}
        retry={() => void answer.refetch()}
        total={total}
        pageSize={answer.data?.pageSize ?? 25}
        table={
          // Focusable from script alone: focus comes here once new filters are applied.
          <table className="admin-table focus-target" ref={tableRef} tabIndex={-1}>
            <caption>
              <Trans>Instalments: {total} found</Trans>
            </caption>
            <thead>
              <tr>
                {Object.entries(headings).map(([name, heading]) => (
                  <th key={name} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.length === 0 ? (
                <tr className="admin-empty-row">
                  <td colSpan={7}>
                    <Trans>No instalments match these filters.</Trans>
                  </td>
                </tr>
              ) : null}
              {items.map((item) => (
                <tr key={item.id} className="admin-row">
                  <th scope="row">
                    {label(headings.folio)}
                    {item.folio}
                  </th>
                  <td>
                    {label(headings.request)}
                    {item.request ? (
                      <Link
                        to="/admin"
                        // The request's page, within this tab: "Back to the list" returns here.
                        search={{ ...search, id: item.request.id }}
                        className="admin-row-link"
                        data-id={item.request.id}
                        onClick={() => askFocus({ to: 'detail', id: item.request?.id ?? '' })}
                      >
                        {item.request.number}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {label(headings.client)}
                    {item.client ? (
                      <>
                        {item.client.name}
                        <br />
                        <span className="admin-email">{item.client.email}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {label(headings.amount)}
                    <span className="admin-cell-value">{money(item.amount)}</span>
                  </td>
                  <td>
                    {label(headings.balance)}
                    <span className="admin-cell-value">{money(item.balance)}</span>
                  </td>
                  <td>
                    {label(headings.state)}
                    <span className="admin-cell-value">
                      {i18n._(instalmentStateLabels[item.state])}
                      {item.overdue ? (
                        <>
                          <br />
                          <span className="admin-flag">
                            <Trans>Overdue</Trans>
                          </span>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td>
                    {label(headings.due)}
                    <span className="admin-cell-value">{dueCell(item)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  )
}
