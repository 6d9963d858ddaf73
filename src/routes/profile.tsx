import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ProfilePage } from '../features/account/components/profile-page'
import { ThemeToggle } from '../features/theme/theme-toggle'
import { ensureCatalogs } from '../i18n/i18n'
import { LanguageSwitch } from '../shell/components/language-switch'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.profile.title', message: 'Your profile' }),
    description: msg({
      id: 'seo.profile.description',
      message: 'Review and update the contact and address details of your Puente Digital account.',
    }),
    keywords: msg({ id: 'seo.profile.keywords', message: 'profile, account details' }),
  },
  indexable: false,
  catalogs: ['account'],
  firstReads: ['me', 'factors', 'sessions'],
}

type ProfileSearch = { readonly setup?: 'admin' }

export const Route = createFileRoute('/profile')({
  staticData: { page },
  // `setup=admin`: the inbox sent an admin without a second factor here to add one.
  validateSearch: (search: Record<string, unknown>): ProfileSearch =>
    search.setup === 'admin' ? { setup: 'admin' } : {},
  loader: () => ensureCatalogs(page.catalogs),
  component: ProfileRoute,
})

function ProfileRoute() {
  const { setup } = Route.useSearch()
  return (
    <ProfilePage
      forInbox={setup === 'admin'}
      settings={
        <>
          <ThemeToggle variant="labelled" />
          <LanguageSwitch />
        </>
      }
    />
  )
}
