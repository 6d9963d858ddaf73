/**
 * The form a text is searched in: lower case, without accents, so "ZUNIGA", "zuniga" and
 * "Zúñiga" are one key. Built from `lower()` and `translate()` only, both immutable and built in,
 * so the same expression serves a trigram index and the query that uses it, on any PostgreSQL,
 * with no extension to create (docs/decisions/044-accent-insensitive-search.md says why not
 * `unaccent`).
 *
 * `translate()` maps each accented letter of Latin-script names (both cases: under the C
 * collation `lower()` folds ASCII only) to its plain lower-case letter, and deletes the combining
 * accents U+0300–U+036F, so a name stored decomposed (e + U+0301) folds the same way.
 */
const accented: Readonly<Record<string, string>> = {
  a: 'áàâäãåāăąÁÀÂÄÃÅĀĂĄ',
  c: 'çćčĉċÇĆČĈĊ',
  d: 'ďĐđĎ',
  e: 'éèêëēĕėęěÉÈÊËĒĔĖĘĚ',
  g: 'ğĝġģĞĜĠĢ',
  h: 'ĥĤ',
  i: 'íìîïīĭįıÍÌÎÏĪĬĮİ',
  j: 'ĵĴ',
  k: 'ķĶ',
  l: 'ĺļľłĹĻĽŁ',
  n: 'ñńņňÑŃŅŇ',
  o: 'óòôöõøōŏőÓÒÔÖÕØŌŎŐ',
  r: 'ŕŗřŔŖŘ',
  s: 'śŝşšŚŜŞŠ',
  t: 'ţťŧŢŤŦ',
  u: 'úùûüũūŭůűųÚÙÛÜŨŪŬŮŰŲ',
  w: 'ŵŴ',
  y: 'ýÿŷÝŸŶ',
  z: 'źżžŹŻŽ',
}

/** Every accented letter, then the combining accents (no counterpart: translate() drops them). */
export const foldedLetters =
  Object.values(accented).join('') +
  Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('')

/** Each accented letter's plain letter, in the same order. */
export const plainLetters = Object.entries(accented)
  .map(([plain, letters]) => plain.repeat([...letters].length))
  .join('')

/**
 * The search key of an SQL expression (a column, a concatenation or a parameter). An index and
 * the query it serves must use this same text, or PostgreSQL does not match them.
 */
export function searchKeySql(expression: string): string {
  return `translate(lower(${expression}), ${unicodeLiteral(foldedLetters)}, '${plainLetters}')`
}

/**
 * A PostgreSQL string literal written in ASCII (`U&'\00e1…'`): the migration and the query stay
 * byte for byte the same whatever an editor or a tool does to accents and combining marks.
 */
function unicodeLiteral(text: string): string {
  const escaped = [...text]
    .map((char) => `\\${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .join('')
  return `U&'${escaped}'`
}
