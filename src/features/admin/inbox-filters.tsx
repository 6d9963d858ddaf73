import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { type AdminSearch, parseAdminSearch } from '../../../domain/requests/admin-search'
import { requestStatuses, requestStatusLabels } from '../../../domain/requests/request-status'
import {
  areaIds,
  areaNames,
  serviceNames,
  servicesInArea,
} from '../../../domain/services/service-table'

/**
 * The inbox's filters: a plain form whose submission becomes the address (`AdminSearch`), so a
 * filtered list is a link like any other.
 */
export function InboxFilters({ search }: { readonly search: AdminSearch }) {
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
