import { describe, expect, it } from 'vitest'
import { catalogNames } from '../../domain/pages/page-facts'
import { readPo } from '../po-file'

/**
 * Spanish entries allowed to read exactly like the English ones: proper nouns, acronyms,
 * endonyms and loanwords Spanish really uses. Anything else identical is a missed translation.
 */
const sameInBothLanguages = new Set([
  'Puente Digital',
  '{name} · Puente Digital',
  'SEO',
  'SEM',
  'Email',
  'English',
  'Español',
  'Branding',
  'Email marketing',
  'IoT',
  'PWA',
  '404',
  'IVA',
  'Total',
  'Subtotal',
  // Spanish writes these the same: "No" (yes/no in the exports), "interior 4B" (an address).
  'No',
  'interior {interiorNumber}',
  'IVA ({0}\u00a0%)',
  'IVA (16\u00a0%)',
  // A payment's folio and the interbank account number (Clave Bancaria Estandarizada).
  'Folio',
  'CLABE',
])

/**
 * The arguments of an ICU message: `{name}`, and `{count, plural, one {…} other {…}}` as
 * `{count, plural}` (its branches are words, translated like any other; `#` inside them is the
 * number).
 */
function icuArguments(text: string): string[] {
  const found: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') {
      if (depth === 0) start = i
      depth += 1
    } else if (text[i] === '}' && depth > 0) {
      depth -= 1
      if (depth === 0) {
        const [name, kind] = text.slice(start + 1, i).split(',')
        found.push(kind === undefined ? `{${name}}` : `{${name?.trim()}, ${kind.trim()}}`)
      }
    }
  }
  return found
}

// The pages' catalogs, and the server's (its answers and mails, which no page loads).
for (const catalog of [...catalogNames, 'server']) {
  describe(`the ${catalog} catalog`, () => {
    const english = readPo(`locales/en/${catalog}.po`).filter((e) => !e.obsolete)
    const spanish = readPo(`locales/es/${catalog}.po`).filter((e) => !e.obsolete)
    const englishText = new Map(english.map((e) => [e.id, e.str || e.id]))

    it('has the same messages in both languages', () => {
      expect(spanish.map((e) => e.id).sort()).toEqual(english.map((e) => e.id).sort())
    })

    it('has no missing or fuzzy Spanish translation', () => {
      expect(spanish.filter((e) => e.str.trim() === '' || e.fuzzy).map((e) => e.id)).toEqual([])
    })

    it('has no Spanish entry identical to the English one unless allow-listed', () => {
      const identical = spanish
        .filter((e) => e.str === englishText.get(e.id) && !sameInBothLanguages.has(e.str))
        // Country names (CLDR's) are proper nouns: many are written alike, Andorra or Chile.
        .filter((e) => !e.id.startsWith('country.'))
        .map((e) => e.id)
      expect(identical).toEqual([])
    })

    it('keeps every placeholder of the English message in the Spanish one', () => {
      const placeholders = (text: string) =>
        [...icuArguments(text), ...(text.match(/<\/?\d+>/g) ?? [])].sort()
      const broken = spanish
        .filter(
          (e) =>
            JSON.stringify(placeholders(e.str)) !==
            JSON.stringify(placeholders(englishText.get(e.id) ?? '')),
        )
        .map((e) => e.id)
      expect(broken).toEqual([])
    })
  })
}
