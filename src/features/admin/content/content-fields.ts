import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ContentKind } from '../../../../domain/content/content-kinds'
import type { ContentData } from '../../../../domain/content/content-schemas'
import type { Locale } from '../../../../domain/locales'
import {
  areaIds,
  areaNames,
  serviceIds,
  serviceNames,
} from '../../../../domain/services/service-table'
import { titleOf, valueAt } from './content-names'

/**
 * What the "Site content" editor shows of each kind, as data: one generic form reads it (no form
 * per kind). A field is a path into the item's fields (`image.alt`) and how it is typed:
 *
 * - `words`: one line per language (`{ en, es }`), side by side;
 * - `paragraphs`: paragraphs per language;
 * - `text`: one line for both languages (names of people and companies do not translate);
 * - `day`: a date (YYYY-MM-DD), or empty;
 * - `order`: where the site shows the item among its kind (0 to 999);
 * - `yesNo`: a checkbox (a featured case study);
 * - `choice`: one of a few values, a select (a FAQ's area);
 * - `choices`: any of a list, a group of checkboxes (a case study's services);
 * - `reference`: another item of the site's content, or none, a select (a case study's
 *   testimonial);
 * - `list`: up to `max` entries of a few fields each, added and removed (a case study's results);
 * - `later`: a field this editor does not change yet, kept as the item holds it; the form says
 *   so in one line (a case study's gallery, until images are uploaded).
 *
 * Fields not described are kept as the item holds them.
 */
type Described = {
  readonly path: string
  readonly label: MessageDescriptor
  readonly hint?: MessageDescriptor
}
/** A text control: one input or textarea per language, or one for both. */
export type TextField = Described & {
  readonly type: 'words' | 'paragraphs' | 'text' | 'day' | 'order'
}
export type ChoiceOption = { readonly value: string; readonly label: MessageDescriptor }
export type ContentField =
  | TextField
  | (Described & { readonly type: 'yesNo' })
  | (Described & { readonly type: 'choice'; readonly options: readonly ChoiceOption[] })
  | (Described & { readonly type: 'choices'; readonly options: readonly ChoiceOption[] })
  | (Described & { readonly type: 'reference'; readonly kind: ContentKind })
  | (Described & {
      readonly type: 'list'
      readonly max: number
      /** One entry's name, by its number (from 1): "Result 2". */
      readonly entry: (number: number) => MessageDescriptor
      readonly add: MessageDescriptor
      readonly fields: readonly TextField[]
      readonly blank: Readonly<Record<string, unknown>>
    })
  | (Described & { readonly type: 'later' })

export type ListField = Extract<ContentField, { readonly type: 'list' }>

/** A field in both languages, shown in each language's fieldset. */
export const isBilingual = (field: ContentField): field is TextField =>
  field.type === 'words' || field.type === 'paragraphs'

export type KindDescription = {
  /** A new item's fields, every text empty. */
  readonly blank: ContentData
  readonly fields: readonly ContentField[]
}

const pair = { en: '', es: '' } as const
const noImage = { asset: '', fileId: null, alt: pair } as const

const serviceOptions: readonly ChoiceOption[] = serviceIds.map((id) => ({
  value: id,
  label: serviceNames[id],
}))
const areaOptions: readonly ChoiceOption[] = areaIds.map((id) => ({
  value: id,
  label: areaNames[id],
}))

const imageName = (label: MessageDescriptor): ContentField => ({
  path: 'image.asset',
  type: 'text',
  label,
  hint: msg`The name of one of the site's images as it is stored, e.g. hero-bridge.`,
})
const imageAlt: ContentField = {
  path: 'image.alt',
  type: 'words',
  label: msg`Image description (alt text)`,
}
const position: ContentField = {
  path: 'order',
  type: 'order',
  label: msg`Position on the page (0 to 999)`,
}

export const kindDescriptions: Record<ContentKind, KindDescription> = {
  'case-studies': {
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
    fields: [
      { path: 'client', type: 'text', label: msg`Client` },
      { path: 'services', type: 'choices', label: msg`Services used`, options: serviceOptions },
      {
        path: 'testimonialId',
        type: 'reference',
        kind: 'testimonials',
        label: msg`Testimonial`,
      },
      {
        path: 'featured',
        type: 'yesNo',
        label: msg`Featured`,
        hint: msg`Shown first on the work page.`,
      },
      { path: 'sector', type: 'words', label: msg`Sector` },
      { path: 'situation', type: 'paragraphs', label: msg`Situation` },
      { path: 'constraint', type: 'paragraphs', label: msg`Constraint` },
      { path: 'approach', type: 'paragraphs', label: msg`Approach` },
      { path: 'outcome', type: 'paragraphs', label: msg`Outcome` },
      {
        path: 'slug',
        type: 'words',
        label: msg`Address (slug)`,
        hint: msg`Lowercase letters, digits and hyphens: /work/<slug> in English, /trabajos/<slug> in Spanish.`,
      },
      {
        path: 'results',
        type: 'list',
        label: msg`Results`,
        hint: msg`Up to four, each a figure as the page writes it (+38 %, 2.4 s) and what it measures.`,
        max: 4,
        entry: (number) => msg`Result ${number}`,
        add: msg`Add a result`,
        fields: [
          { path: 'figure', type: 'text', label: msg`Figure` },
          { path: 'label', type: 'words', label: msg`What it measures` },
        ],
        blank: { figure: '', label: pair },
      },
      {
        path: 'gallery',
        type: 'later',
        label: msg`Gallery`,
        hint: msg`Images are added here once uploads come; the gallery may stay empty.`,
      },
    ],
  },
  testimonials: {
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
      { path: 'caseStudyId', type: 'reference', kind: 'case-studies', label: msg`Case study` },
      { path: 'role', type: 'words', label: msg`Role` },
      { path: 'quote', type: 'paragraphs', label: msg`Quote` },
    ],
  },
  team: {
    blank: { name: '', role: pair, bio: pair, image: noImage, order: 0 },
    fields: [
      { path: 'name', type: 'text', label: msg`Name` },
      {
        path: 'image.asset',
        type: 'text',
        label: msg`Photo`,
        hint: msg`The name of one of the site's images, e.g. team-ana.`,
      },
      position,
      { path: 'role', type: 'words', label: msg`Role` },
      { path: 'bio', type: 'paragraphs', label: msg`Biography` },
      { path: 'image.alt', type: 'words', label: msg`Photo description (alt text)` },
    ],
  },
  slides: {
    blank: {
      title: pair,
      subtitle: pair,
      paragraph: pair,
      buttonText: pair,
      buttonLink: pair,
      image: noImage,
      order: 0,
    },
    fields: [
      imageName(msg`Image`),
      position,
      { path: 'title', type: 'words', label: msg`Title` },
      { path: 'subtitle', type: 'words', label: msg`Subtitle` },
      { path: 'paragraph', type: 'paragraphs', label: msg`Paragraph` },
      { path: 'buttonText', type: 'words', label: msg`Button text` },
      {
        path: 'buttonLink',
        type: 'words',
        label: msg`Button link`,
        hint: msg`A page of the site (/contact) or a full address (https://…).`,
      },
      imageAlt,
    ],
  },
  cards: {
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
    fields: [
      imageName(msg`Image`),
      {
        path: 'badgeIcon',
        type: 'choice',
        label: msg`Badge icon`,
        options: [
          { value: '', label: msg`None` },
          { value: 'star', label: msg`Star` },
          { value: 'trend', label: msg`Rising trend` },
        ],
      },
      position,
      {
        path: 'badge',
        type: 'words',
        label: msg`Badge`,
        hint: msg`Optional: empty in both languages, or written in both.`,
      },
      { path: 'title', type: 'words', label: msg`Title` },
      { path: 'description', type: 'paragraphs', label: msg`Description` },
      { path: 'buttonText', type: 'words', label: msg`Button text` },
      {
        path: 'link',
        type: 'words',
        label: msg`Link`,
        hint: msg`A page of the site (/contact) or a full address (https://…).`,
      },
      imageAlt,
    ],
  },
  faqs: {
    blank: { area: 'web-development', question: pair, answer: pair, order: 0 },
    fields: [
      { path: 'area', type: 'choice', label: msg`Service area`, options: areaOptions },
      position,
      { path: 'question', type: 'words', label: msg`Question` },
      { path: 'answer', type: 'paragraphs', label: msg`Answer` },
    ],
  },
}

type Json = unknown

export { titleOf, valueAt }

function withValue(at: Json, keys: readonly string[], value: Json): Json {
  const [key, ...rest] = keys
  if (key === undefined) return value
  // A list stays a list (a result's label: `results.1.label.es`).
  if (Array.isArray(at)) {
    const index = Number(key)
    return at.map((entry, place) => (place === index ? withValue(entry, rest, value) : entry))
  }
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

/** A one-line or paragraph text at `path`, in `locale` for a bilingual field. */
export function textAt(data: ContentData, path: string, locale?: Locale): string {
  const value = valueAt(data, locale ? `${path}.${locale}` : path)
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** A list's entries as the item holds them (none when it holds no list). */
export function entriesAt(data: ContentData, path: string): readonly unknown[] {
  const value = valueAt(data, path)
  return Array.isArray(value) ? value : []
}

/**
 * One control of the form: where its value is (`results.1.label`), its field, its language (a
 * bilingual text) and, inside a list, which entry.
 */
export type FieldControl = {
  readonly path: string
  readonly field: ContentField
  readonly locale?: Locale
  readonly entry?: { readonly list: ListField; readonly index: number }
}

const languages = ['en', 'es'] as const

function controlsOfField(field: ContentField, path: string): FieldControl[] {
  return isBilingual(field)
    ? languages.map((locale) => ({ path, field, locale }))
    : [{ path, field }]
}

/**
 * Every control of the form, in its order: each field (a bilingual one in English, then
 * Spanish); a list, itself (its own refusals, "too many") and then each entry's fields.
 */
export function controlsOf(
  fields: readonly ContentField[],
  data: ContentData,
): readonly FieldControl[] {
  return fields.flatMap((field) =>
    field.type === 'list'
      ? [
          { path: field.path, field },
          ...entriesAt(data, field.path).flatMap((_, index) =>
            field.fields.flatMap((inner) =>
              controlsOfField(inner, `${field.path}.${index}.${inner.path}`).map((control) => ({
                ...control,
                entry: { list: field, index },
              })),
            ),
          ),
        ]
      : controlsOfField(field, field.path),
  )
}

/**
 * The server's message for the value at `path` in `locale` (a bilingual text), or for the one
 * value. A name that does not translate (`person`) is refused as itself by a save
 * (`data.person`) and, by a publish, as missing in each language (`data.person.en`,
 * `data.person.es`): the field shows it once. A list entry's text is named by its index
 * (`data.results.1.label.es`).
 */
export function fieldError(
  errors: Readonly<Partial<Record<string, string>>>,
  path: string,
  locale?: Locale,
): string | undefined {
  const key = `data.${path}`
  if (locale) return errors[`${key}.${locale}`]
  return errors[key] ?? errors[`${key}.en`] ?? errors[`${key}.es`]
}

/** Each control the server refused, in the form's order, with its message. */
export function refusedFields(
  errors: Readonly<Partial<Record<string, string>>>,
  fields: readonly ContentField[],
  data: ContentData,
): (FieldControl & { readonly message: string })[] {
  return controlsOf(fields, data).flatMap((control) => {
    const message = fieldError(errors, control.path, control.locale)
    return message === undefined ? [] : [{ ...control, message }]
  })
}

/**
 * The control a value's path belongs to (`results.1.label.es` → the second result's label, in
 * Spanish), for naming a change between two revisions; undefined for a value the form does
 * not describe.
 */
export function controlForPath(
  fields: readonly ContentField[],
  path: string,
): FieldControl | undefined {
  for (const field of fields) {
    if (path === field.path) return { path, field }
    if (!path.startsWith(`${field.path}.`)) continue
    const rest = path.slice(field.path.length + 1)
    if (isBilingual(field) && (rest === 'en' || rest === 'es'))
      return { path: field.path, field, locale: rest }
    if (field.type === 'later') return { path: field.path, field }
    if (field.type !== 'list') continue
    const [index, ...innerPath] = rest.split('.')
    const at = Number(index)
    for (const inner of field.fields) {
      const within = innerPath.join('.')
      const entry = { list: field, index: at }
      const innerAt = `${field.path}.${at}.${inner.path}`
      if (within === inner.path) return { path: innerAt, field: inner, entry }
      if (isBilingual(inner) && (within === `${inner.path}.en` || within === `${inner.path}.es`))
        return { path: innerAt, field: inner, locale: within.endsWith('.en') ? 'en' : 'es', entry }
    }
  }
  return undefined
}
