/**
 * The form a name or an email is searched in: without accents and in lower case, so "ZUNIGA",
 * "zuniga" and "Zúñiga" are one key. Built from PostgreSQL's own immutable functions, no
 * extension (docs/decisions/044-accent-insensitive-search.md says why not `unaccent`):
 *
 * 1. `normalize(…, NFD)` splits every accented letter into its letter and combining accents
 *    (á → a + U+0301), and leaves a name stored decomposed as it is;
 * 2. `regexp_replace` drops the combining accents, U+0300–U+036F;
 * 3. `translate` maps the letters Unicode does not decompose (a stroke, a dotless i) to their
 *    plain letter;
 * 4. `lower()` last: under the C collation it folds ASCII only, which every letter now is.
 *
 * The tables keep the key of their searched columns as a stored generated column, indexed by
 * trigrams (server/db/schema.ts): computed once per write, so a search that matches most rows
 * rechecks the stored key rather than computing it again row by row. The searched words go
 * through the same expression in the query. Needs a UTF-8 database (`normalize`), as the
 * application does anyway.
 */
const strokes = { from: 'øØłŁđĐıħĦŧŦ', to: 'oollddihhtt' }

/** The search key of an SQL expression: a concatenation of columns, or a query parameter. */
export function searchKeySql(expression: string): string {
  return `lower(translate(regexp_replace(normalize(${expression}, NFD), '[\\u0300-\\u036f]', '', 'g'), ${unicodeLiteral(strokes.from)}, '${strokes.to}'))`
}

/**
 * A PostgreSQL string literal written in ASCII (`U&'\00f8…'`): the migration and the query stay
 * byte for byte what this file says, whatever an editor or a tool does to accented letters.
 */
function unicodeLiteral(text: string): string {
  const escaped = [...text]
    .map((char) => `\\${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .join('')
  return `U&'${escaped}'`
}
