import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { VerifyEmailPage } from '../features/account/components/verify-email-page'
import { ensureCatalogs } from '../i18n/i18n'

type VerifyEmailSearch = { readonly token?: string }

// Reached from a verification email only: kept out of search results.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.verify-email.title', message: 'Confirm your email address' }),
    description: msg({
      id: 'seo.verify-email.description',
      message:
        'Confirm the email address of your Puente Digital account with the link from your verification email.',
    }),
    keywords: msg({
      id: 'seo.verify-email.keywords',
      message: 'verify email, confirm account',
    }),
  },
  indexable: false,
  // It confirms the link's address as it arrives: its scripts load with the page (docs/decisions/068).
  actsOnArrival: true,
  catalogs: ['account'],
}

export const Route = createFileRoute('/verify-email')({
  staticData: { page },
  validateSearch: (search: Record<string, unknown>): VerifyEmailSearch =>
    typeof search.token === 'string' ? { token: search.token } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch()
    return <VerifyEmailPage token={token} />
  },
})
