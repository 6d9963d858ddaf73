import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../domain/pages/page-facts'
import { RegisterPage } from '../features/registration/components/register-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.register.title', message: 'Create an account' }),
    description: msg({
      id: 'seo.register.description',
      message:
        'Create a Puente Digital account to follow the services you have with us, request changes and keep your contact and billing details in one place.',
    }),
    keywords: msg({
      id: 'seo.register.keywords',
      message: 'create an account, register, client area, Puente Digital',
    }),
  },
  indexable: true,
  catalogs: ['registration'],
}

export const Route = createFileRoute('/register')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: RegisterPage,
})
