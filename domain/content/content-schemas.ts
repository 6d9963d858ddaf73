import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { uuidPattern } from '../ids/uuid'
import { areaIds, type ServiceId, serviceIds } from '../services/service-table'
import { tooLong } from '../validation/field-messages'
import { isRealDate } from '../validation/field-rules'
import { objectMessage } from '../validation/schema-issues'
import type { ContentKind } from './content-kinds'
import { contentMessages as m } from './content-messages'
import { codePoints, forbiddenCharacterIn, isSiteLink, slugPattern } from './content-text'

/**
 * The fields of each kind of content, as Valibot schemas the server checks every save with (and
 * the admin's editor will check as the fields are typed). Every text readers see is a
 * `{ en, es }` pair, side by side; names of people and companies are one text (they do not
 * translate). A draft may leave any text empty; publishing asks for every one
 * (`content-publish.ts`). Lengths count code points; a body's 64 KiB limit comes first.
 */

/** The longest texts, in code points. */
export const contentLengths = {
  name: 120,
  figure: 24,
  short: 200,
  alt: 300,
  medium: 1000,
  long: 5000,
  slug: 100,
  link: 500,
} as const

const stringOf = (t: Translate) => v.string(t(m.notText))

/**
 * A text of at most `max` code points, its ends trimmed. A paragraph keeps its line breaks
 * (`\r\n` → `\n`) and tabs; any other text is one line (a title, a name, a button).
 */
function text(t: Translate, max: number, paragraph = false) {
  return v.pipe(
    stringOf(t),
    v.transform((value) => (paragraph ? value.replace(/\r\n?/g, '\n') : value).trim()),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      if (!paragraph && /[\r\n\t]/.test(dataset.value)) {
        addIssue({ message: t(m.oneLine) })
        return
      }
      const code = forbiddenCharacterIn(dataset.value, paragraph)
      if (code) addIssue({ message: t(m.forbiddenCharacter(code)) })
    }),
  )
}

/** A text that must, when not empty, follow `rule` (a link, a slug). */
function ruledText(t: Translate, max: number, rule: (value: string) => boolean, message: string) {
  return v.pipe(
    text(t, max),
    v.check((value) => value === '' || rule(value), message),
  )
}

const strict = (t: Translate) => objectMessage(t, m.unknownField, m.notAnObject)

/** The same field in both languages, side by side. */
function both<TSchema extends v.GenericSchema<unknown, string>>(t: Translate, schema: TSchema) {
  return v.strictObject({ en: schema, es: schema }, strict(t))
}

/** A one-line text in both languages. */
const words = (t: Translate, max: number) => both(t, text(t, max))
/** Paragraphs in both languages. */
const paragraphs = (t: Translate, max: number) => both(t, text(t, max, true))
const link = (t: Translate) => both(t, ruledText(t, contentLengths.link, isSiteLink, t(m.notALink)))

/** An item's or a file's id (`Uuid`). */
const id = (t: Translate) =>
  v.pipe(v.string(t(m.notAnId)), v.regex(uuidPattern, t(m.notAnId)), v.brand('Uuid'))
const reference = (t: Translate) => v.nullable(id(t))

function image(t: Translate) {
  return v.strictObject(
    {
      /** One of the images built into the site (until uploads come): `hero-bridge`, … */
      asset: v.pipe(stringOf(t), v.regex(/^[a-z0-9-]{0,64}$/, t(m.notAnAsset))),
      /** An uploaded image (a later slice), or null. */
      fileId: v.nullable(id(t)),
      alt: words(t, contentLengths.alt),
    },
    strict(t),
  )
}

const order = (t: Translate) =>
  v.pipe(
    v.number(t(m.notAnOrder)),
    v.integer(t(m.notAnOrder)),
    v.minValue(0, t(m.notAnOrder)),
    v.maxValue(999, t(m.notAnOrder)),
  )

function caseStudy(t: Translate) {
  return v.strictObject(
    {
      client: text(t, contentLengths.name),
      sector: words(t, contentLengths.short),
      services: v.pipe(
        v.array(v.picklist(serviceIds as ServiceId[], t(m.notAService)), t(m.notAService)),
        v.maxLength(8, t(m.tooManyServices)),
        v.check((ids) => new Set(ids).size === ids.length, t(m.serviceTwice)),
      ),
      situation: paragraphs(t, contentLengths.long),
      constraint: paragraphs(t, contentLengths.long),
      approach: paragraphs(t, contentLengths.long),
      outcome: paragraphs(t, contentLengths.long),
      results: v.pipe(
        v.array(
          v.strictObject(
            {
              /** As written on the page: `+38 %`, `2.4 s`, `3×`. */
              figure: text(t, contentLengths.figure),
              label: words(t, contentLengths.short),
            },
            strict(t),
          ),
          t(m.tooManyResults),
        ),
        v.maxLength(4, t(m.tooManyResults)),
      ),
      gallery: v.pipe(
        v.array(
          v.strictObject({ fileId: id(t), alt: words(t, contentLengths.alt) }, strict(t)),
          t(m.tooManyImages),
        ),
        v.maxLength(12, t(m.tooManyImages)),
      ),
      testimonialId: reference(t),
      featured: v.boolean(t(m.notAYesNo)),
      /** `/work/<en>` and `/trabajos/<es>`. */
      slug: both(
        t,
        ruledText(t, contentLengths.slug, (s) => slugPattern.test(s), t(m.notASlug)),
      ),
    },
    strict(t),
  )
}

function testimonial(t: Translate) {
  return v.strictObject(
    {
      quote: paragraphs(t, contentLengths.medium),
      person: text(t, contentLengths.name),
      role: words(t, contentLengths.short),
      company: text(t, contentLengths.name),
      /** YYYY-MM-DD: the day the client agreed to its publication ('' until they have). */
      consentDate: v.pipe(
        stringOf(t),
        v.check((value) => value === '' || isIsoDay(value), t(m.notADate)),
      ),
      caseStudyId: reference(t),
    },
    strict(t),
  )
}

const isIsoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value)

function teamMember(t: Translate) {
  return v.strictObject(
    {
      name: text(t, contentLengths.name),
      role: words(t, contentLengths.short),
      bio: paragraphs(t, contentLengths.medium),
      image: image(t),
      order: order(t),
    },
    strict(t),
  )
}

function slide(t: Translate) {
  return v.strictObject(
    {
      title: words(t, contentLengths.short),
      subtitle: words(t, contentLengths.short),
      paragraph: paragraphs(t, contentLengths.medium),
      buttonText: words(t, contentLengths.short),
      /** Per language: a slide may lead to a different page in each. */
      buttonLink: link(t),
      image: image(t),
      order: order(t),
    },
    strict(t),
  )
}

function card(t: Translate) {
  return v.strictObject(
    {
      image: image(t),
      badgeIcon: v.picklist(['', 'star', 'trend'], t(m.notABadge)),
      /** Optional: empty in both languages, or written in both. */
      badge: words(t, contentLengths.short),
      title: words(t, contentLengths.short),
      description: paragraphs(t, contentLengths.medium),
      buttonText: words(t, contentLengths.short),
      link: link(t),
      order: order(t),
    },
    strict(t),
  )
}

function faq(t: Translate) {
  return v.strictObject(
    {
      area: v.picklist(areaIds, t(m.notAnArea)),
      question: words(t, contentLengths.short),
      answer: paragraphs(t, contentLengths.long),
      order: order(t),
    },
    strict(t),
  )
}

/** Each kind's fields (the per-kind table the one engine reads). */
export const contentDataSchemas = {
  'case-studies': caseStudy,
  testimonials: testimonial,
  team: teamMember,
  slides: slide,
  cards: card,
  faqs: faq,
} as const satisfies Record<ContentKind, (t: Translate) => v.GenericSchema>

export type ContentDataOf = {
  readonly [K in ContentKind]: v.InferOutput<ReturnType<(typeof contentDataSchemas)[K]>>
}
export type CaseStudyData = ContentDataOf['case-studies']
export type TestimonialData = ContentDataOf['testimonials']
export type TeamMemberData = ContentDataOf['team']
export type SlideData = ContentDataOf['slides']
export type CardData = ContentDataOf['cards']
export type FaqData = ContentDataOf['faqs']
/** Any kind's fields. */
export type ContentData = ContentDataOf[ContentKind]

const version = (t: Translate) =>
  v.pipe(v.number(t(m.notAVersion)), v.integer(t(m.notAVersion)), v.minValue(1, t(m.notAVersion)))

/** `POST /api/v1/admin/content/<kind>`: a new draft. */
export function createContentSchema<K extends ContentKind>(kind: K, t: Translate) {
  return v.strictObject({ data: contentDataSchemas[kind](t) }, strict(t))
}

/** `PATCH …/:id`: the whole item's fields, and the version they were edited from. */
export function editContentSchema<K extends ContentKind>(kind: K, t: Translate) {
  return v.strictObject({ version: version(t), data: contentDataSchemas[kind](t) }, strict(t))
}

/** Publish, unpublish, delete, restore: the version the admin saw. */
export function createVersionSchema(t: Translate) {
  return v.strictObject({ version: version(t) }, strict(t))
}

export type ContentInput<K extends ContentKind> = {
  readonly data: v.InferInput<ReturnType<(typeof contentDataSchemas)[K]>>
}
export type ContentEditInput<K extends ContentKind> = ContentInput<K> & {
  readonly version: number
}
export type VersionInput = { readonly version: number }
