import type { PublishedCaseStudy } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { caseStudyPath } from '../../../../domain/pages/public-paths'
import { scriptJson } from '../../../../domain/pages/script-json'

/**
 * schema.org JSON-LD for the case studies (an `Article` per case study, an `ItemList` on the
 * listing), from the same texts the page shows, serialized by `scriptJson` (markup characters
 * escaped): the content's texts are data in it, never HTML.
 */
function JsonLd({ data }: { readonly data: object }) {
  const json = scriptJson(data)
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every markup character escaped (above)
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}

const publisher = { '@type': 'Organization', name: 'Puente Digital' }

export function CaseStudyStructuredData({
  caseStudy,
  locale,
  title,
}: {
  readonly caseStudy: PublishedCaseStudy
  readonly locale: Locale
  readonly title: string
}) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: title,
        about: { '@type': 'Organization', name: caseStudy.client },
        description: caseStudy.outcome[locale],
        inLanguage: locale,
        url: caseStudyPath(locale, caseStudy.slug),
        author: publisher,
        publisher,
      }}
    />
  )
}

export function WorkListStructuredData({
  caseStudies,
  locale,
}: {
  readonly caseStudies: readonly PublishedCaseStudy[]
  readonly locale: Locale
}) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: caseStudies.map((caseStudy, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: caseStudy.client,
          url: caseStudyPath(locale, caseStudy.slug),
        })),
      }}
    />
  )
}
