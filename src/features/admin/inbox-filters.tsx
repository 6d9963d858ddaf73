import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, type KeyboardEvent, useId, useRef } from 'react'
import {
  type AdminSearch,
  activeFilterCount,
  adminListQuery,
  parseAdminSearch,
} from '../../../domain/requests/admin-search'
import { requestStatuses, requestStatusLabels } from '../../../domain/requests/request-status'
import {
  areaIds,
  areaNames,
  serviceNames,
  servicesInArea,
} from '../../../domain/services/service-table'
import { inboxFiltersMachine } from '../../../machines/disclosure-machine'
import { inspectorOptions } from '../../ui/machine-inspector'
import { useAskFocus } from './inbox-focus'

/**
 * The inbox's filters: a plain form whose submission becomes the address (`AdminSearch`), so a
 * filtered list is a link like any other. Applied or cleared, focus goes to the list (its
 * caption says what was found). On a phone the form folds away behind a "Filters" button that
 * says how many filters apply (inboxFiltersMachine), so the list starts on the first screen.
 */
export function InboxFilters({ search }: { readonly search: AdminSearch }) {
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
  const enquiries = search.tab === 'enquiries'
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
    show(parseAdminSearch({ ...values, tab: search.tab }))
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
        // Another address (a link, the back button) shows its own filters.
        key={JSON.stringify(search)}
        id={panelId}
        className="admin-filters"
        data-open={open}
        aria-label={t`Filter the list`}
        onSubmit={apply}
        onKeyDown={closeOnEscape}
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
        {enquiries ? (
          <div className="form-field">
            <label htmlFor="filter-spam">
              <Trans>Likely spam</Trans>
            </label>
            <select id="filter-spam" name="spam" defaultValue={search.spam ?? ''}>
              <option value="">{t`All`}</option>
              <option value="no">{t`Not spam`}</option>
              <option value="yes">{t`Likely spam only`}</option>
            </select>
          </div>
        ) : (
          <div className="form-field">
            <label htmlFor="filter-sort">
              <Trans>Order</Trans>
            </label>
            <select id="filter-sort" name="sort" defaultValue={search.sort ?? ''}>
              <option value="">{t`Latest activity first`}</option>
              <option value="created">{t`Newest first`}</option>
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
            {enquiries ? <Trans>Name or email</Trans> : <Trans>Name, email or number</Trans>}
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
          {/* A button, not a link to the unfiltered list: a link to the address shown would be
            marked as the current page (aria-current) when no filter applies. */}
          <button
            type="button"
            className="button"
            onClick={() =>
              show(enquiries ? { tab: 'enquiries' } : search.sort ? { sort: search.sort } : {})
            }
          >
            <Trans>Clear filters</Trans>
          </button>
        </p>
      </form>
    </div>
  )
}
