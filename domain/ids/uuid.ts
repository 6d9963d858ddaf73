import * as v from 'valibot'

/**
 * The one rule of an id the database made (`uuid` columns): 8-4-4-4-12 hexadecimal digits, any
 * case, any version (the nil id too: it is well formed, and simply names nothing). A path's
 * ids are checked against it where the request enters the server (`server/http/path-ids.ts`);
 * the stores take the branded `Uuid` and never check again.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A string known to be a well-formed id: only `isUuid` (or `uuidSchema`) makes one. */
export type Uuid = string & v.Brand<'Uuid'>

/** The same rule as a Valibot schema, for bodies that carry ids (its output is a `Uuid`). */
export const uuidSchema = v.pipe(v.string(), v.regex(uuidPattern), v.brand('Uuid'))

export function isUuid(value: unknown): value is Uuid {
  return typeof value === 'string' && uuidPattern.test(value)
}
