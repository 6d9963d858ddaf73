/**
 * `value` as JSON safe to write inside a `<script>` element (the page's content for hydration,
 * structured data): `<`, `>`, `&` and the line separators U+2028/U+2029 as `\u` escapes, so no
 * text in it can end the script or be read as markup. It parses back to the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
