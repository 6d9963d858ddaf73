import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { LoginPage } from '../features/account/components/login-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.login.title', message: 'Sign in' }),
    description: msg({
      id: 'seo.login.description',
      message:
        'Sign in to your Puente Digital account to request our services, follow each request and keep your profile up to date.',
    }),
    keywords: msg({ id: 'seo.login.keywords', message: 'sign in, client account, Puente Digital' }),
  },
  indexable: true,
  catalogs: ['account'],
}

type LoginSearch = { readonly redirect?: string }

export const Route = createFileRoute('/login')({
  staticData: { page },
  // Where a signed-in page sent the visitor (checked again before use: same-site paths only).
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})
