import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ResetPasswordPage } from '../features/registration/components/reset-password-page'
import { ensureCatalogs } from '../i18n/i18n'

type ResetPasswordSearch = { readonly token?: string }

// Reached from a recovery email only: kept out of search results.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.reset-password.title', message: 'Choose a new password' }),
    description: msg({
      id: 'seo.reset-password.description',
      message:
        'Set a new password for your Puente Digital account with the link from your recovery email.',
    }),
    keywords: msg({
      id: 'seo.reset-password.keywords',
      message: 'reset password, account recovery',
    }),
  },
  indexable: false,
  // It takes the link's token out of the address as it arrives: its scripts load with the page (docs/decisions/068).
  actsOnArrival: true,
  catalogs: ['registration'],
}

export const Route = createFileRoute('/reset-password')({
  staticData: { page },
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch =>
    typeof search.token === 'string' ? { token: search.token } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
