import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, type KeyboardEvent, useId, useRef } from 'react'
import { paymentMethods } from '../../../domain/payments/payment-methods'
import {
  type AdminSearch,
  activeFilterCount,
  adminListQuery,
  parseAdminSearch,
} from '../../../domain/requests/admin-search'
import { inboxFiltersMachine } from '../../../machines/disclosure-machine'
import { inspectorOptions } from '../../ui/machine-inspector'
import { instalmentStateLabels, paymentMethodLabels } from '../../ui/payments/payment-labels'
import { useAskFocus } from './inbox-focus'

/**
 * The receivables' filters, as the inbox's other lists have theirs (inbox-filters.tsx): a plain
 * form whose submission becomes the address, focus to the list once applied or cleared, folded
 * away on a phone behind a "Filters" button that says how many apply (the same
 * `inboxFiltersMachine`).
 */
export function ReceivablesFilters({ search }: { readonly search: AdminSearch }) {
  const { i18n, t } = useLingui()
  const navigate = useNavigate()
  const askFocus = useAskFocus()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [snapshot, send] = useMachine(
    inboxFiltersMachine.provide({ actions: { returnFocus: () => buttonRef.current?.focus() } }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  const active = activeFilterCount(search)
  const show = (next: AdminSearch) => {
    send({ type: 'applied' })
    askFocus({ to: 'list', query: JSON.stringify(adminListQuery(next)) })
    void navigate({ to: '/admin', search: next })
  }
  const closeOnEscape = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      event.preventDefault()
      send({ type: 'escape' })
    }
  }
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    show(parseAdminSearch({ ...values, tab: 'receivables' }))
  }
  return (
    <div className="admin-filters-frame">
      <button
        ref={buttonRef}
        type="button"
        className="button admin-filters-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: 'toggle' })}
        onKeyDown={closeOnEscape}
      >
        {active === 0 ? (
          <Trans>Filters</Trans>
        ) : (
          <Plural value={active} one="Filters (# active)" other="Filters (# active)" />
        )}
      </button>
      <form
        key={JSON.stringify(search)}
        id={panelId}
        className="admin-filters"
        data-open={open}
        aria-label={t`Filter the list`}
        onSubmit={apply}
        onKeyDown={closeOnEscape}
      >
        <div className="form-field">
          <label htmlFor="filter-state">
            <Trans>State</Trans>
          </label>
          <select id="filter-state" name="state" defaultValue={search.state ?? ''}>
            <option value="">{t`All`}</option>
            <option value="open">{t`All open`}</option>
            <option value="overdue">{t`Overdue`}</option>
            {(['due', 'partlyPaid', 'scheduled', 'paid', 'void', 'refunded'] as const).map(
              (state) => (
                <option key={state} value={state}>
                  {i18n._(instalmentStateLabels[state])}
                </option>
              ),
            )}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="filter-method">
            <Trans>Paid by</Trans>
          </label>
          <select id="filter-method" name="method" defaultValue={search.method ?? ''}>
            <option value="">{t`Any method`}</option>
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {i18n._(paymentMethodLabels[method])}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="filter-from">
            <Trans>Due from</Trans>
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={search.from ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="filter-to">
            <Trans>Due until</Trans>
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={search.to ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="filter-q">
            <Trans>Client, folio or request number</Trans>
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={search.q ?? ''}
          />
        </div>
        <p className="form-actions">
          <button type="submit" className="button button-primary">
            <Trans>Apply filters</Trans>
          </button>
          <button type="button" className="button" onClick={() => show({ tab: 'receivables' })}>
            <Trans>Clear filters</Trans>
          </button>
        </p>
      </form>
    </div>
  )
}
