import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ContentKind } from '../../../../domain/content/content-kinds'
import type { ContentData } from '../../../../domain/content/content-schemas'
import type { Locale } from '../../../../domain/locales'

/**
 * What the "Site content" editor shows of each kind, as data: one generic form reads it (no form
 * per kind). A field is a path into the item's fields (`image.alt`) and how it is typed:
 *
 * - `words`: one line per language (`{ en, es }`), side by side;
 * - `paragraphs`: paragraphs per language;
 * - `text`: one line for both languages (names of people and companies do not translate);
 * - `day`: a date (YYYY-MM-DD), or empty;
 * - `order`: where the site shows the item among its kind (0 to 999).
 *
 * Fields not described (references to other items, uploaded files) are kept as the item holds
 * them. A kind without `fields` is listed but not yet edited here.
 */
export type ContentField = {
  readonly path: string
  readonly type: 'words' | 'paragraphs' | 'text' | 'day' | 'order'
  readonly label: MessageDescriptor
  readonly hint?: MessageDescriptor
}

/** A field in both languages, shown in each language's fieldset. */
export const isBilingual = (field: ContentField) =>
  field.type === 'words' || field.type === 'paragraphs'

export type KindDescription = {
  /** The kind's name, plural (the list's heading and tab). */
  readonly name: MessageDescriptor
  /** The field that names an item in the list, and whether it is one per language. */
  readonly title: string
  /** A new item's fields, every text empty. */
  readonly blank: ContentData
  readonly fields?: readonly ContentField[]
}

const pair = { en: '', es: '' } as const
const noImage = { asset: '', fileId: null, alt: pair } as const

export const kindDescriptions: Record<ContentKind, KindDescription> = {
  'case-studies': {
    name: msg`Case studies`,
    title: 'client',
    blank: {
      client: '',
      sector: pair,
      services: [],
      situation: pair,
      constraint: pair,
      approach: pair,
      outcome: pair,
      results: [],
      gallery: [],
      testimonialId: null,
      featured: false,
      slug: pair,
    },
  },
  testimonials: {
    name: msg`Testimonials`,
    title: 'person',
    blank: {
      quote: pair,
      person: '',
      role: pair,
      company: '',
      consentDate: '',
      caseStudyId: null,
    },
    fields: [
      { path: 'person', type: 'text', label: msg`Person` },
      { path: 'company', type: 'text', label: msg`Company` },
      {
        path: 'consentDate',
        type: 'day',
        label: msg`Consent to publish given on`,
        hint: msg`The day the client agreed to its publication; empty until they have.`,
      },
      { path: 'role', type: 'words', label: msg`Role` },
      { path: 'quote', type: 'paragraphs', label: msg`Quote` },
    ],
  },
  team: {
    name: msg`Team`,
    title: 'name',
    blank: { name: '', role: pair, bio: pair, image: noImage, order: 0 },
    fields: [
      { path: 'name', type: 'text', label: msg`Name` },
      {
        path: 'image.asset',
        type: 'text',
        label: msg`Photo`,
        hint: msg`The name of one of the site's images, e.g. team-ana.`,
      },
      { path: 'order', type: 'order', label: msg`Position on the page (0 to 999)` },
      { path: 'role', type: 'words', label: msg`Role` },
      { path: 'bio', type: 'paragraphs', label: msg`Biography` },
      { path: 'image.alt', type: 'words', label: msg`Photo description (alt text)` },
    ],
  },
  slides: {
    name: msg`Slides`,
    title: 'title',
    blank: {
      title: pair,
      subtitle: pair,
      paragraph: pair,
      buttonText: pair,
      buttonLink: pair,
      image: noImage,
      order: 0,
    },
  },
  cards: {
    name: msg`Cards`,
    title: 'title',
    blank: {
      image: noImage,
      badgeIcon: '',
      badge: pair,
      title: pair,
      description: pair,
      buttonText: pair,
      link: pair,
      order: 0,
    },
  },
  faqs: {
    name: msg`FAQs`,
    title: 'question',
    blank: { area: 'web-development', question: pair, answer: pair, order: 0 },
  },
}

type Json = unknown

/** The value at a dotted path of an item's fields (`image.alt`). */
export function valueAt(data: ContentData, path: string): Json {
  return path
    .split('.')
    .reduce<Json>(
      (at, key) =>
        typeof at === 'object' && at !== null ? (at as Record<string, Json>)[key] : undefined,
      data,
    )
}

function withValue(at: Json, keys: readonly string[], value: Json): Json {
  const [key, ...rest] = keys
  if (key === undefined) return value
  const object = typeof at === 'object' && at !== null ? (at as Record<string, Json>) : {}
  return { ...object, [key]: withValue(object[key], rest, value) }
}

/**
 * The fields with one value changed. The shape is the kind's (the description's paths are its
 * fields); the server checks the whole with the kind's schema on every save.
 */
export function withValueAt(data: ContentData, path: string, value: Json): ContentData {
  return withValue(data, path.split('.'), value) as ContentData
}

/** A one-line or paragraph text at `path` in `locale` (a bilingual field), or the one text. */
export function textAt(data: ContentData, field: ContentField, locale?: Locale): string {
  const value = valueAt(data, locale ? `${field.path}.${locale}` : field.path)
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** The item's name in the list: its title in the admin's language, else in the other. */
export function titleOf(kind: ContentKind, data: ContentData, locale: Locale): string {
  const value = valueAt(data, kindDescriptions[kind].title)
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) {
    const pairOf = value as Record<Locale, string>
    return pairOf[locale] || pairOf[locale === 'en' ? 'es' : 'en'] || ''
  }
  return ''
}

/**
 * The server's message for a field in `locale` (a bilingual field), or for the one text. A name
 * that does not translate (`person`) is refused as itself by a save (`data.person`) and, by a
 * publish, as missing in each language (`data.person.en`, `data.person.es`): the field shows
 * it once.
 */
export function fieldError(
  errors: Readonly<Partial<Record<string, string>>>,
  field: ContentField,
  locale?: Locale,
): string | undefined {
  const key = `data.${field.path}`
  if (locale) return errors[`${key}.${locale}`]
  return errors[key] ?? errors[`${key}.en`] ?? errors[`${key}.es`]
}

/** Each field the server refused, in the form's order, with its language (bilingual ones). */
export function refusedFields(
  errors: Readonly<Partial<Record<string, string>>>,
  fields: readonly ContentField[],
): { readonly field: ContentField; readonly locale?: Locale; readonly message: string }[] {
  return fields.flatMap((field) =>
    (isBilingual(field) ? (['en', 'es'] as const) : [undefined]).flatMap((locale) => {
      const message = fieldError(errors, field, locale)
      return message === undefined ? [] : [{ field, ...(locale ? { locale } : {}), message }]
    }),
  )
}
