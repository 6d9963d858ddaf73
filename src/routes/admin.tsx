import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { parseAdminSearch } from '../../domain/requests/admin-search'
import { AdminPage } from '../features/admin/admin-page'
import { ensureCatalogs } from '../i18n/i18n'

// The agency's inbox: never indexed or in the sitemap; its prerendered shell holds nobody's
// data (the heading and "Checking your session…"), like every signed-in page.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.admin.title', message: 'Inbox' }),
    description: msg({
      id: 'seo.admin.description',
      message: 'The Puente Digital team’s inbox: service requests and contact enquiries.',
    }),
    keywords: msg({ id: 'seo.admin.keywords', message: 'inbox, admin' }),
  },
  indexable: false,
  catalogs: ['account', 'admin', 'workspace'],
  // The list's address depends on the filters in the page's own address.
  firstReads: ['me'],
}

export const Route = createFileRoute('/admin')({
  staticData: { page },
  validateSearch: parseAdminSearch,
  loader: () => ensureCatalogs(page.catalogs),
  component: AdminRoute,
})

function AdminRoute() {
  const search = Route.useSearch()
  return <AdminPage search={search} />
}
