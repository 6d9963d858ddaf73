import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../domain/pages/page-facts'
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
  catalogs: ['account'],
}

export const Route = createFileRoute('/logout')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: LogoutPage,
})
