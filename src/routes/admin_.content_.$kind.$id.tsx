import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ContentItemPage } from '../features/admin/content/content-item-page'
import { ensureCatalogs } from '../i18n/i18n'

// One item of the site's content in the editor (`new` for a new one). Its one prerendered shell
// (the parameters unfilled) holds nobody's data and serves every item.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.admin-content-item.title', message: 'Edit site content' }),
    description: msg({
      id: 'seo.admin-content-item.description',
      message: 'One item of the Puente Digital site’s content, in English and Spanish.',
    }),
    keywords: msg({ id: 'seo.admin-content-item.keywords', message: 'site content, editor' }),
  },
  indexable: false,
  catalogs: ['account', 'admin'],
  firstReads: ['me'],
}

export const Route = createFileRoute('/admin_/content_/$kind/$id')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: ContentItemRoute,
})

function ContentItemRoute() {
  const { kind, id } = Route.useParams()
  return <ContentItemPage kind={kind} id={id} />
}
