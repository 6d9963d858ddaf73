import { Trans, useLingui } from '@lingui/react/macro'
import { endpoints } from '../../../domain/api/api-contract'
import type { AdminSearch } from '../../../domain/requests/admin-search'
import { serviceNames } from '../../../domain/services/service-table'
import { AdminList } from './admin-list'
import { enquiryListQueryOptions } from './api/admin-queries'

/** The contact enquiries' list. */
export function EnquiryList({ search }: { readonly search: AdminSearch }) {
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
          cell: (item) => (
            <>
              {item.handledAt ? t`Yes` : t`Not yet`}
              {/* Sent faster than a person fills the form: kept, never mailed to the agency. */}
              {item.likelySpam ? (
                <>
                  <br />
                  <span className="admin-flag">
                    <Trans>Likely spam</Trans>
                  </span>
                </>
              ) : null}
            </>
          ),
        },
      ]}
    />
  )
}
