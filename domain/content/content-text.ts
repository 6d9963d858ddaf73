/**
 * The rules of a content text, beyond those of every stored text (`isStorableText`): the
 * agency's copy is prerendered into public pages, so bidirectional marks (U+061C, U+200E,
 * U+200F: they reorder what a reader sees as much as the overrides do) and the line and
 * paragraph separators (U+2028, U+2029: invisible line breaks) are refused too, each named in
 * the message. Markup is not refused: it is text, and renders as text.
 */
const forbiddenInContent =
  /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u

/** Line breaks and tabs are how a paragraph is written. */
const writing = /[\n\t]/g

/**
 * The first character a content text may not hold, as `U+XXXX` (undefined: none). A paragraph
 * may hold line breaks and tabs; a one-line text (a title, a name, a button) may not.
 */
export function forbiddenCharacterIn(value: string, paragraph: boolean): string | undefined {
  const found = forbiddenInContent.exec(paragraph ? value.replace(writing, ' ') : value)
  if (!found) return undefined
  const code = found[0].codePointAt(0) ?? 0
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * A link on the site: an `http(s)` address, or a path of the site itself (`/contact`,
 * `/servicios/diseno-web#precios`). Never `javascript:`, `data:`, a protocol-relative `//host`
 * or a backslash a browser reads as a slash.
 */
export function isSiteLink(value: string): boolean {
  if (value.includes('\\') || /\s/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** A case study's address in one language (`/work/<slug>`): lower-case words joined by hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Code points, as every length limit counts them. */
export const codePoints = (text: string) => [...text].length
