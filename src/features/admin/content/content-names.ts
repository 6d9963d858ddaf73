import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ContentKind } from '../../../../domain/content/content-kinds'
import type { ContentData } from '../../../../domain/content/content-schemas'
import type { Locale } from '../../../../domain/locales'

/**
 * What the "Site content" list and the editor both show of a kind: its name and what names an
 * item. Apart from the field descriptions (`content-fields.ts`), which only the editor's page
 * loads: this is what the signed-in pages share.
 */

/** Each kind's name, plural (the list's heading and tab). */
export const kindNames: Record<ContentKind, MessageDescriptor> = {
  'case-studies': msg`Case studies`,
  testimonials: msg`Testimonials`,
  team: msg`Team`,
  slides: msg`Slides`,
  cards: msg`Cards`,
  faqs: msg`FAQs`,
}

/** The field that names an item in the list (one text, or one per language). */
const titleFields: Record<ContentKind, string> = {
  'case-studies': 'client',
  testimonials: 'person',
  team: 'name',
  slides: 'title',
  cards: 'title',
  faqs: 'question',
}

/** The value at a dotted path of an item's fields (`image.alt`). */
export function valueAt(data: ContentData, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined,
      data,
    )
}

/** The item's name in the list: its title in the admin's language, else in the other. */
export function titleOf(kind: ContentKind, data: ContentData, locale: Locale): string {
  const value = valueAt(data, titleFields[kind])
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) {
    const pairOf = value as Record<Locale, string>
    return pairOf[locale] || pairOf[locale === 'en' ? 'es' : 'en'] || ''
  }
  return ''
}
