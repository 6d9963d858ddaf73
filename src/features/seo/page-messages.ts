import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { NeutralPath } from '../../domain/pages/public-paths'

/**
 * The metadata copy of every page that is not a service page, from the `messages` catalog.
 * Service pages take their name from the service table and their description from the
 * service copy (see page-head.ts). Titles get " | Puente Digital" appended in code.
 */
export type PageCopy = {
  readonly title: MessageDescriptor
  readonly description: MessageDescriptor
  readonly keywords: MessageDescriptor
}

export const brandName = msg({ id: 'seo.brand', message: 'Puente Digital' })

export const neutralPageCopy: Record<NeutralPath, PageCopy> = {
  '/': {
    title: msg({ id: 'seo.home.title', message: 'Bilingual web design and development' }),
    description: msg({
      id: 'seo.home.description',
      message:
        'Puente Digital designs, builds and looks after fast, accessible websites and web applications in English and Spanish, from landing pages to custom software.',
    }),
    keywords: msg({
      id: 'seo.home.keywords',
      message:
        'web agency, web design, web development, bilingual websites, UX design, SEO, Mexico',
    }),
  },
  '/about': {
    title: msg({ id: 'seo.about.title', message: 'About us' }),
    description: msg({
      id: 'seo.about.description',
      message:
        'Meet Puente Digital: senior designers and engineers who build fast, accessible websites in English and Spanish, with one lead from the first call to launch.',
    }),
    keywords: msg({
      id: 'seo.about.keywords',
      message: 'about Puente Digital, web agency team, bilingual web studio, accessible websites',
    }),
  },
  '/contact': {
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
  '/login': {
    title: msg({ id: 'seo.login.title', message: 'Sign in' }),
    description: msg({
      id: 'seo.login.description',
      message:
        'Sign in to your Puente Digital account to follow your services, request changes and keep your contact details up to date.',
    }),
    keywords: msg({ id: 'seo.login.keywords', message: 'sign in, client account, Puente Digital' }),
  },
  '/register': {
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
  '/reset-password': {
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
  '/logout': {
    title: msg({ id: 'seo.logout.title', message: 'Sign out' }),
    description: msg({
      id: 'seo.logout.description',
      message: 'Sign out of your Puente Digital account on this device.',
    }),
    keywords: msg({ id: 'seo.logout.keywords', message: 'sign out, client account' }),
  },
  '/profile': {
    title: msg({ id: 'seo.profile.title', message: 'Your profile' }),
    description: msg({
      id: 'seo.profile.description',
      message: 'Review and update the contact and address details of your Puente Digital account.',
    }),
    keywords: msg({ id: 'seo.profile.keywords', message: 'profile, account details' }),
  },
  '/my-services': {
    title: msg({ id: 'seo.my-services.title', message: 'My services' }),
    description: msg({
      id: 'seo.my-services.description',
      message:
        'See the services you have with Puente Digital, where each one stands and what comes next.',
    }),
    keywords: msg({ id: 'seo.my-services.keywords', message: 'my services, client area' }),
  },
}

export const listingPageCopy: PageCopy = {
  title: msg({ id: 'seo.services.title', message: 'Our services' }),
  description: msg({
    id: 'seo.services.description',
    message:
      'Twenty-eight web services in five areas: development, UX/UI design, SEO and marketing, maintenance and support, and advanced solutions such as cloud and IoT.',
  }),
  keywords: msg({
    id: 'seo.services.keywords',
    message:
      'web services, web development, UX/UI design, SEO and marketing, website maintenance, cloud solutions',
  }),
}

export const notFoundPageCopy: PageCopy = {
  title: msg({ id: 'seo.not-found.title', message: 'Page not found' }),
  description: msg({
    id: 'seo.not-found.description',
    message: 'The page you are looking for does not exist or has moved.',
  }),
  keywords: msg({ id: 'seo.not-found.keywords', message: 'page not found' }),
}

/** Added to a service's name and area in its keywords. */
export const serviceKeywordSuffix = msg({
  id: 'seo.service.keywords-suffix',
  message: 'web agency, bilingual websites, Puente Digital',
})

export const shareImageAlt = msg({
  id: 'seo.share-image.alt',
  message:
    'The Puente Digital bridge logo on a blue background, with the tagline “Web design and development” in English and Spanish',
})
