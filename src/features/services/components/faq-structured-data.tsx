import type { I18n } from '@lingui/core'
import type { Faq } from '../content/area-faqs'

/**
 * The page's questions as schema.org `FAQPage` JSON-LD, from the same messages the visible
 * disclosures show, so the two never differ. `<` is escaped so no answer can end the script.
 */
export function FaqStructuredData({
  faqs,
  i18n,
}: {
  readonly faqs: readonly Faq[]
  readonly i18n: I18n
}) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: i18n._(faq.question),
      acceptedAnswer: { '@type': 'Answer', text: i18n._(faq.answer) },
    })),
  }
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from our own catalog, `<` escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  )
}
