import type { Table } from 'drizzle-orm'

/**
 * Row types for raw SQL (`pool.query<…>`), derived from `schema.ts` rather than written again.
 *
 * A raw statement returns each column under its SQL name, and every column of the schema is
 * named as the snake_case of its key (`lastSeenAt` → `last_seen_at`; sql-row.test.ts checks
 * that of every table). node-postgres parses values with its own defaults, not Drizzle's modes:
 * an int8 (`bigint`, `bigserial`) arrives as a string, a `date` as a `Date`; everything else
 * arrives as Drizzle's select type says.
 */
export type SqlRow<T extends Table> = {
  [K in keyof T['$inferSelect'] & string as SnakeCase<K>]: AsReturned<
    T['_']['columns'][K],
    T['$inferSelect'][K]
  >
}

/** `SqlRow` for the columns a statement selects. */
export type SqlColumns<T extends Table, K extends keyof SqlRow<T>> = Pick<SqlRow<T>, K>

/** A column key as its SQL name: each capital becomes `_` and its lower case. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S

type Int8 = 'PgBigInt53' | 'PgBigSerial53' | 'PgBigInt64' | 'PgBigSerial64'

type OrNull<Value, As> = null extends Value ? As | null : As

type AsReturned<Column, Value> = Column extends { _: { columnType: Int8 } }
  ? OrNull<Value, string>
  : Column extends { _: { columnType: 'PgDateString' } }
    ? OrNull<Value, Date>
    : Value

/** `snakeCase` of a key at run time, for the check that the schema names its columns so. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`)
}
