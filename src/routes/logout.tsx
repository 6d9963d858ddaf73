import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { LogoutPage } from '../features/account/components/logout-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.logout.title', message: 'Sign out' }),
    description: msg({
      id: 'seo.logout.description',
      message: 'Sign out of your Puente Digital account on this device.',
    }),
    keywords: msg({ id: 'seo.logout.keywords', message: 'sign out, client account' }),
  },
  indexable: false,
  // It signs out as it arrives: its scripts load with the page (docs/decisions/068).
  actsOnArrival: true,
  catalogs: ['account'],
}

type LogoutSearch = { readonly deleted?: boolean }

export const Route = createFileRoute('/logout')({
  staticData: { page },
  // `deleted`: the profile sends the visitor here after deleting the account.
  validateSearch: (search: Record<string, unknown>): LogoutSearch =>
    search.deleted === true ? { deleted: true } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: function LogoutRoute() {
    const { deleted } = Route.useSearch()
    return <LogoutPage deleted={deleted === true} />
  },
})
