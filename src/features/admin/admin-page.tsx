import { Trans } from '@lingui/react/macro'
import type { AdminSearch } from '../../../domain/requests/admin-search'
import { AdminFrame } from './admin-frame'
import { AdminInbox } from './admin-inbox'

/** `/admin`: the agency's inbox, in the admins' frame. */
export function AdminPage({ search }: { readonly search: AdminSearch }) {
  return (
    <AdminFrame title={<Trans>Inbox</Trans>}>
      <AdminInbox search={search} />
    </AdminFrame>
  )
}
