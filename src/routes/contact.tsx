import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { Locale } from '../../domain/locales'
import type { PageFacts } from '../../domain/pages/page-facts'
import { type ServiceId, serviceBySlug } from '../../domain/services/service-table'
import { ContactPage } from '../features/company/components/contact-page'
import { ContactFlow } from '../features/contact/components/contact-flow'
import { ensureCatalogs } from '../i18n/i18n'
import { useLocale } from '../i18n/use-locale'
import { loadPublishedContent } from '../ui/published-content'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.contact.title', message: 'Contact us' }),
    description: msg({
      id: 'seo.contact.description',
      message:
        'Tell us about your project and get an answer within one business day, in English or Spanish. Email, phone and office hours of Puente Digital.',
    }),
    keywords: msg({
      id: 'seo.contact.keywords',
      message: 'contact a web agency, website quote, web project proposal, Puente Digital',
    }),
  },
  indexable: true,
  catalogs: ['contact'],
  // The agency's WhatsApp number travels with the site's content (a page rendered again when
  // it changes).
  content: true,
}

/** `?service=<slug>`: a service page's "Contact us" preselects its service in the form. */
type ContactSearch = { readonly service?: string }

/**
 * The service a slug names, in the page's language first (the link's), else in the other one
 * (the visitor switched language on the way); an unknown slug preselects nothing.
 */
function serviceOfSlug(locale: Locale, slug: string | undefined): ServiceId | '' {
  if (!slug) return ''
  const other: Locale = locale === 'en' ? 'es' : 'en'
  return (serviceBySlug(locale, slug) ?? serviceBySlug(other, slug))?.en ?? ''
}

export const Route = createFileRoute('/contact')({
  staticData: { page },
  validateSearch: (search: Record<string, unknown>): ContactSearch =>
    typeof search.service === 'string' ? { service: search.service } : {},
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: function ContactRoute() {
    const { service } = Route.useSearch()
    const locale = useLocale()
    const { whatsapp } = Route.useLoaderData()
    return (
      <ContactPage
        whatsapp={whatsapp}
        form={<ContactFlow service={serviceOfSlug(locale, service)} />}
      />
    )
  },
})
