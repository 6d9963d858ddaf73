import type { Locale } from '../locales'
import type { ContentKind } from './content-kinds'
import type { ContentData } from './content-schemas'

/**
 * The publish rule: an item is published in both languages or not at all. Every `{ en, es }`
 * text must be written in both, except a kind's optional ones, which are empty in both or
 * written in both; the names that do not translate (`client`, `person`, …) must be written,
 * and count as missing in both languages when they are not.
 */

type PublishRule = {
  /** Top-level one-language texts publishing needs. */
  readonly names: readonly string[]
  /** Paths of `{ en, es }` texts that may stay empty in both (`*` for a list's index). */
  readonly optional: readonly string[]
}

const publishRules: Record<ContentKind, PublishRule> = {
  'case-studies': { names: ['client'], optional: [] },
  testimonials: { names: ['person', 'company', 'consentDate'], optional: [] },
  team: { names: ['name'], optional: [] },
  slides: { names: [], optional: [] },
  cards: { names: [], optional: ['badge'] },
  faqs: { names: [], optional: [] },
}

/** The fields missing in each language (`results.1.label`, …), in the order of the fields. */
export type MissingFields = Readonly<Record<Locale, readonly string[]>>

type Pair = { readonly en: string; readonly es: string }

function isPair(value: unknown): value is Pair {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return (
    keys.length === 2 &&
    typeof (value as Record<string, unknown>).en === 'string' &&
    typeof (value as Record<string, unknown>).es === 'string'
  )
}

/** What publishing `data` lacks; both lists empty when it may be published. */
export function missingForPublish(kind: ContentKind, data: ContentData): MissingFields {
  const rule = publishRules[kind]
  const missing: Record<Locale, string[]> = { en: [], es: [] }
  const record = data as Readonly<Record<string, unknown>>
  for (const name of rule.names)
    if (record[name] === '') {
      missing.en.push(name)
      missing.es.push(name)
    }
  const visit = (value: unknown, path: readonly string[]) => {
    if (isPair(value)) {
      const shape = path.map((part) => (/^\d+$/.test(part) ? '*' : part)).join('.')
      const optional = rule.optional.includes(shape)
      const empty = { en: value.en === '', es: value.es === '' }
      if (optional && empty.en && empty.es) return
      for (const locale of ['en', 'es'] as const)
        if (empty[locale]) missing[locale].push(path.join('.'))
      return
    }
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, [...path, String(index)])
    } else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
  }
  visit(data, [])
  return missing
}

export function isPublishable(missing: MissingFields): boolean {
  return missing.en.length === 0 && missing.es.length === 0
}
