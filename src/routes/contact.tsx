import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../domain/pages/page-facts'
import { ContactPage } from '../features/company/components/contact-page'

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
  catalogs: [],
}

export const Route = createFileRoute('/contact')({
  staticData: { page },
  component: ContactPage,
})
