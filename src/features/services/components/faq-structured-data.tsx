import type { PublishedFaq } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { scriptJson } from '../../../../domain/pages/script-json'

/**
 * The page's questions as schema.org `FAQPage` JSON-LD, from the same published questions the
 * visible disclosures show, so the two never differ. Markup characters are escaped
 * (`scriptJson`): no answer the agency writes can end the script.
 */
export function FaqStructuredData({
  faqs,
  locale,
}: {
  readonly faqs: readonly PublishedFaq[]
  readonly locale: Locale
}) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question[locale],
      acceptedAnswer: { '@type': 'Answer', text: faq.answer[locale] },
    })),
  }
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with markup characters escaped
      dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
    />
  )
}
