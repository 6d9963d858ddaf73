import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { RegisterPage } from '../features/registration/components/register-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.register.title', message: 'Create an account' }),
    description: msg({
      id: 'seo.register.description',
      message:
        'Create a Puente Digital account to request our services, follow each request and keep your profile up to date.',
    }),
    keywords: msg({
      id: 'seo.register.keywords',
      message: 'create an account, register, client area, Puente Digital',
    }),
  },
  indexable: true,
  catalogs: ['registration'],
}

type RegisterSearch = { readonly redirect?: string }

export const Route = createFileRoute('/register')({
  staticData: { page },
  // Where the visitor was going (a service's brief): kept for their first sign-in.
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch()
    return <RegisterPage redirect={redirect} />
  },
})
