import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { type ContentKind, contentKinds } from '../../domain/content/content-kinds'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ContentListPage } from '../features/admin/content/content-list-page'
import { ensureCatalogs } from '../i18n/i18n'

// The site's content, kind by kind, for the agency's admins: like the inbox, never indexed; its
// prerendered shell holds nobody's data.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.admin-content.title', message: 'Site content' }),
    description: msg({
      id: 'seo.admin-content.description',
      message: 'The Puente Digital team edits the site’s case studies, testimonials and team.',
    }),
    keywords: msg({ id: 'seo.admin-content.keywords', message: 'site content, admin' }),
  },
  indexable: false,
  catalogs: ['account', 'admin'],
  firstReads: ['me'],
}

/** `?kind=team`: the list shown (testimonials when absent or unknown). */
export type ContentSearch = { readonly kind?: ContentKind }

function parseContentSearch(search: Record<string, unknown>): ContentSearch {
  const kind = contentKinds.find((known) => known === search.kind)
  return kind ? { kind } : {}
}

export const Route = createFileRoute('/admin_/content')({
  staticData: { page },
  validateSearch: parseContentSearch,
  loader: () => ensureCatalogs(page.catalogs),
  component: ContentListRoute,
})

function ContentListRoute() {
  const { kind } = Route.useSearch()
  return <ContentListPage kind={kind ?? 'testimonials'} />
}
