import {
  caseStudyBySlug,
  type PublishedCaseStudy,
  type PublishedContent,
} from '../../../domain/content/published-content'
import type { Locale } from '../../../domain/locales'
import { pathInLanguage } from '../../../domain/pages/language-twin'
import type { PageCopy, PageFacts } from '../../../domain/pages/page-facts'
import { caseStudyPath, servicePath } from '../../../domain/pages/public-paths'
import { type Service, serviceBySlug } from '../../../domain/services/service-table'

/** One public page: a route's facts at one path (and, for a service route, one service). */
export type PageRef =
  | {
      readonly kind: 'neutral'
      readonly path: string
      readonly copy: PageCopy
      readonly facts: PageFacts
    }
  | {
      readonly kind: 'listing'
      readonly path: string
      readonly locale: Locale
      readonly twin: string
      readonly copy: PageCopy
      readonly facts: PageFacts
    }
  | {
      readonly kind: 'service'
      readonly path: string
      readonly locale: Locale
      readonly twin: string
      readonly service: Service
      readonly facts: PageFacts
    }
  | {
      readonly kind: 'case-study'
      readonly path: string
      readonly locale: Locale
      readonly twin: string
      readonly caseStudy: PublishedCaseStudy
      readonly facts: PageFacts
    }

const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'es' : 'en')

const noContent: PublishedContent = {
  caseStudies: [],
  testimonials: [],
  team: [],
  slides: [],
  cards: [],
  faqs: [],
  whatsapp: null,
}

/**
 * The page a route with these facts shows at `pathname`, or undefined (an unknown service, or
 * a case study `content` does not have).
 */
export function pageRefFor(
  facts: PageFacts,
  pathname: string,
  content: PublishedContent = noContent,
): PageRef | undefined {
  switch (facts.kind) {
    case 'neutral':
      return { kind: 'neutral', path: pathname, copy: facts.copy, facts }
    case 'listing':
      return {
        kind: 'listing',
        path: pathname,
        locale: facts.locale,
        twin: pathInLanguage(pathname, otherLocale(facts.locale)),
        copy: facts.copy,
        facts,
      }
    case 'service': {
      const service = serviceBySlug(facts.locale, pathname.slice(pathname.lastIndexOf('/') + 1))
      return service ? serviceRef(facts, service) : undefined
    }
    case 'case-study': {
      const slug = pathname.slice(pathname.lastIndexOf('/') + 1)
      const caseStudy = caseStudyBySlug(content, facts.locale, slug)
      return caseStudy ? caseStudyRef(facts, caseStudy) : undefined
    }
  }
}

/** Every page a route with these facts renders: its path, or one per service or case study. */
export function pagesOf(
  facts: PageFacts,
  routePath: string,
  services: readonly Service[],
  content: PublishedContent = noContent,
): PageRef[] {
  if (facts.kind === 'service') return services.map((service) => serviceRef(facts, service))
  if (facts.kind === 'case-study')
    return content.caseStudies.map((caseStudy) => caseStudyRef(facts, caseStudy))
  const ref = pageRefFor(facts, routePath)
  return ref ? [ref] : []
}

function caseStudyRef(
  facts: PageFacts & { kind: 'case-study' },
  caseStudy: PublishedCaseStudy,
): PageRef {
  return {
    kind: 'case-study',
    path: caseStudyPath(facts.locale, caseStudy.slug),
    locale: facts.locale,
    twin: caseStudyPath(otherLocale(facts.locale), caseStudy.slug),
    caseStudy,
    facts,
  }
}

function serviceRef(facts: PageFacts & { kind: 'service' }, service: Service): PageRef {
  return {
    kind: 'service',
    path: servicePath(facts.locale, service),
    locale: facts.locale,
    twin: servicePath(otherLocale(facts.locale), service),
    service,
    facts,
  }
}
