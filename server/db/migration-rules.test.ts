import { describe, expect, it } from 'vitest'
import { type Migration, migrations } from './migrate'
import {
  breakingStatementsOf,
  expandOnlyMigrations,
  expandRuleSince,
  isContractStep,
  uniqueNamesIn,
} from './migration-rules'

/**
 * The expand-only rule (docs/decisions/056, server/db/migration-rules.ts), checked on the SQL:
 * no database, no git history, so it holds on any clone. The rolling-upgrade test
 * (server/rolling-upgrade.test.ts) runs the previous release itself where history allows.
 */

const why = (found: ReturnType<typeof breakingStatementsOf>) =>
  found.map((one) => `${one.tag}: ${one.why}:\n  ${one.statement}`).join('\n')

describe('the migrations since the last contract step', () => {
  it('only expand: nothing the previous release reads or writes is dropped, renamed, retyped or newly required', () => {
    const checked = expandOnlyMigrations(migrations)
    expect(checked.at(-1)).toBe(
      isContractStep(migrations.at(-1)?.sql ?? '') ? undefined : migrations.at(-1),
    )
    const uniqueNames = uniqueNamesIn(migrations.map((migration) => migration.sql))
    const found = checked.flatMap((migration) =>
      breakingStatementsOf(migration.tag, migration.sql, uniqueNames),
    )
    expect(
      found,
      `${why(found)}\n\nA rolling upgrade runs the previous release on this schema. Add instead (a nullable column, or one with a default; a trigger that fills what the previous release leaves out) and remove later, in a migration whose first line is "-- contract step: …" (README, "Rolling upgrades").`,
    ).toEqual([])
  })
})

describe('the expand-only rule', () => {
  const migration = (tag: string, sql: string): Migration => ({ tag, when: 0, sql })

  it('finds what breaks the previous release', () => {
    const breaking = [
      'ALTER TABLE "users" DROP COLUMN "phone";',
      'DROP TABLE "leads";',
      'ALTER TABLE "users" RENAME COLUMN "phone" TO "mobile";',
      'ALTER TABLE "leads" RENAME TO "enquiries";',
      'ALTER TABLE "users" ALTER COLUMN "city" SET NOT NULL;',
      'ALTER TABLE "users" ALTER COLUMN "age" SET DATA TYPE bigint;',
      'ALTER TABLE "users" ALTER COLUMN "age" TYPE bigint USING age::bigint;',
      'ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;',
      'ALTER TABLE "users" ADD COLUMN "plan" text NOT NULL;',
      'DROP TRIGGER "service_requests_number_missing" ON "service_requests";',
      "ALTER TYPE \"mood\" RENAME VALUE 'sad' TO 'blue';",
      'CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");',
      'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "u" ON ONLY "public"."users" ("phone");',
      'ALTER TABLE "users" ADD CONSTRAINT "users_phone_unique" UNIQUE("phone");',
      'ALTER TABLE "users" ADD CONSTRAINT "users_age_check" CHECK ("users"."age" >= 0);',
      'ALTER TABLE "leads" ADD CONSTRAINT "leads_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");',
      'ALTER TABLE "leads" ADD PRIMARY KEY ("id");',
      'ALTER TABLE "users" DROP CONSTRAINT "users_email_key";',
      'DROP INDEX IF EXISTS "public"."leads_pkey";',
    ]
    for (const statement of breaking)
      expect(breakingStatementsOf('x', statement), statement).toHaveLength(1)
  })

  it('knows a unique index or constraint made by an earlier migration when it is dropped', () => {
    const earlier = [
      'CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));',
      'CREATE TABLE "t" ("id" integer, CONSTRAINT "t_code_unique" UNIQUE("code"));',
    ]
    const uniqueNames = uniqueNamesIn(earlier)
    expect([...uniqueNames].sort()).toEqual(['t_code_unique', 'users_email_lower'])
    for (const statement of [
      'DROP INDEX "users_email_lower";',
      'ALTER TABLE "t" DROP CONSTRAINT "t_code_unique";',
    ]) {
      expect(breakingStatementsOf('x', statement, uniqueNames), statement).toHaveLength(1)
      expect(breakingStatementsOf('x', statement), `${statement} (not known as unique)`).toEqual([])
    }
  })

  it('lets a unique index on columns the same migration adds through (the previous release leaves them NULL)', () => {
    const sql = [
      'ALTER TABLE "payments" ADD COLUMN "intent" text;',
      'CREATE UNIQUE INDEX "payments_intent_idx" ON "payments" USING btree ("intent");',
    ].join('\n')
    expect(breakingStatementsOf('x', sql)).toEqual([])
    // An existing column with it is a tightening.
    expect(
      breakingStatementsOf(
        'x',
        `${sql}\nCREATE UNIQUE INDEX "payments_pair_idx" ON "payments" ("intent", "request_id");`,
      ),
    ).toHaveLength(1)
  })

  it('lets a constraint the migration declares an expansion through, and only that one', () => {
    const sql = [
      '-- expands: "records_method_check" — the same check with \'oxxo\' added',
      'ALTER TABLE "records" DROP CONSTRAINT "records_method_check";',
      'ALTER TABLE "records" ADD CONSTRAINT "records_method_check" CHECK ("method" in (\'spei\', \'oxxo\'));',
    ].join('\n')
    expect(breakingStatementsOf('x', sql)).toEqual([])
    const other =
      'ALTER TABLE "records" ADD CONSTRAINT "records_amount_check" CHECK ("amount" > 0);'
    expect(breakingStatementsOf('x', `${sql}\n${other}`).map((one) => one.statement)).toEqual([
      other.replace(/;$/, ''),
    ])
  })

  it('lets a new table carry its own unique, check and foreign keys', () => {
    const sql = [
      'CREATE TABLE IF NOT EXISTS "public"."pages" ("id" integer PRIMARY KEY, "path" text);',
      'CREATE UNIQUE INDEX "pages_path_key" ON "pages" ("path");',
      'ALTER TABLE "pages" ADD CONSTRAINT "pages_path_check" CHECK ("path" <> \'\');',
      'ALTER TABLE "pages" ADD CONSTRAINT "pages_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");',
    ].join('\n')
    expect(breakingStatementsOf('x', sql)).toEqual([])
  })

  it('lets expansions through: new tables, nullable or defaulted columns, indexes, looser constraints, triggers', () => {
    const sql = [
      'CREATE TABLE "counters" ("year" integer PRIMARY KEY NOT NULL, "last" integer NOT NULL);',
      '--> statement-breakpoint',
      'ALTER TABLE "users" ADD COLUMN "nickname" text;',
      'ALTER TABLE "users" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;',
      'ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;',
      'ALTER TABLE "users" DROP CONSTRAINT "users_gender_check";',
      'DROP INDEX "users_search_idx";',
      'CREATE INDEX "users_city_idx" ON "users" ("city");',
      '-- Not renamed: a comment RENAME or DROP TABLE does not count.',
      'INSERT INTO "notes" ("text") VALUES (\'DROP TABLE users; RENAME\');',
      'CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE x; RETURN NEW; END $$;',
      'ALTER TYPE "mood" ADD VALUE \'calm\';',
    ].join('\n')
    expect(breakingStatementsOf('x', sql)).toEqual([])
  })

  it('finds the required request number of 0017 (its unique index is on the new column), which the fallback after it covers', () => {
    const required = migrations.find((one) => one.tag.endsWith('_request_numbers_activity_spam'))
    if (!required) throw new Error('No request numbers migration')
    expect(breakingStatementsOf(required.tag, required.sql).map((one) => one.statement)).toEqual([
      'ALTER TABLE "service_requests" ALTER COLUMN "number" SET NOT NULL',
    ])
  })

  it('holds after the last contract step, from the rule’s first migration on', () => {
    const first = migration(`0001${expandRuleSince}`, 'CREATE TABLE "a" ("id" integer);')
    const older = migration('0000_old', 'DROP TABLE "b";')
    const later = migration('0002_more', 'ALTER TABLE "a" ADD COLUMN "c" text;')
    const contract = migration(
      '0003_contract',
      '-- contract step: "a"."c" is unused since 0002\nALTER TABLE "a" DROP COLUMN "c";',
    )
    const after = migration('0004_after', 'CREATE INDEX "i" ON "a" ("id");')
    expect(expandOnlyMigrations([older, first, later]).map((m) => m.tag)).toEqual([
      first.tag,
      later.tag,
    ])
    expect(expandOnlyMigrations([older, first, later, contract])).toEqual([])
    expect(expandOnlyMigrations([older, first, later, contract, after])).toEqual([after])
  })
})
