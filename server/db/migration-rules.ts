import type { Migration } from './migrate'

/**
 * The expand-only rule of rolling upgrades (docs/decisions/056): while an upgrade rolls out,
 * instances of the previous release serve on the schema the new migrations made, so a migration
 * may add (tables, nullable columns, columns with a default, indexes, triggers) but not take away
 * or tighten what the previous release reads and writes. What may be removed is removed later,
 * by a migration marked as a contract step (its first line `-- contract step: …`), once no
 * release in service uses it.
 *
 * Read from the SQL text, statement by statement: a static check that needs no database and no
 * git history. It sees the statements' shape only; a CHECK or UNIQUE that refuses what the
 * previous release writes is left to the rolling-upgrade test (server/rolling-upgrade.test.ts).
 */

/** The first line that marks a contract step. */
export const contractStepMark = /^-- contract step:/

/**
 * The rule applies from this migration on (a tag's end, which renumbering keeps): the ones
 * before were written before it, and one of them (request numbers made required) is why the
 * fallback this one adds exists.
 */
export const expandRuleSince = '_request_number_fallback'

export function isContractStep(sql: string): boolean {
  return contractStepMark.test(sql.trimStart())
}

/** What a migration must not do outside a contract step, with why it breaks the previous release. */
const breakingShapes: ReadonlyArray<{ readonly shape: RegExp; readonly why: string }> = [
  {
    shape: /\bDROP\s+(TABLE|COLUMN|TYPE|VIEW|MATERIALIZED\s+VIEW|SCHEMA|FUNCTION|TRIGGER)\b/i,
    why: 'drops what the previous release may use',
  },
  { shape: /\bDROP\s+DEFAULT\b/i, why: 'drops a default the previous release may rely on' },
  { shape: /\bRENAME\b/i, why: 'renames what the previous release names' },
  {
    shape: /\bSET\s+NOT\s+NULL\b/i,
    why: 'requires a value the previous release may not write',
  },
  {
    shape: /\bALTER\s+COLUMN\s+("[^"]+"|\w+)\s+(SET\s+DATA\s+)?TYPE\b/i,
    why: "changes a column's type under the previous release",
  },
  {
    shape: /\bALTER\s+TYPE\b(?![\s\S]*\bADD\s+VALUE\b)/i,
    why: 'changes a type the previous release uses (only ADD VALUE is an expansion)',
  },
]

/** A new required column without a default: the previous release's inserts leave it empty. */
function requiredColumnWithoutDefault(statement: string): boolean {
  const added = /\bADD\s+COLUMN\b([\s\S]*)/i.exec(statement)?.[1]
  if (!added) return false
  return /\bNOT\s+NULL\b/i.test(added) && !/\b(DEFAULT|GENERATED)\b/i.test(added)
}

/**
 * The statements of `sql` as they are checked: comments, quoted strings and dollar-quoted
 * bodies (a function's) blanked, so only the statements' own words count.
 */
export function statementsOf(sql: string): string[] {
  return sql
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$$$')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter((statement) => statement !== '')
}

export type BreakingStatement = {
  readonly tag: string
  readonly statement: string
  readonly why: string
}

/** The statements of `sql` that break the previous release, each with (the first) why. */
export function breakingStatementsOf(tag: string, sql: string): BreakingStatement[] {
  const found: BreakingStatement[] = []
  for (const statement of statementsOf(sql)) {
    const why = requiredColumnWithoutDefault(statement)
      ? 'adds a required column without a default the previous release does not fill'
      : breakingShapes.find(({ shape }) => shape.test(statement))?.why
    if (why) found.push({ tag, statement, why })
  }
  return found
}

/**
 * The migrations the rule holds for: those after the last contract step, from `expandRuleSince`
 * on. The newest is always among them unless it is itself a contract step.
 */
export function expandOnlyMigrations(all: readonly Migration[]): Migration[] {
  const since = all.findIndex((migration) => migration.tag.endsWith(expandRuleSince))
  if (since < 0) throw new Error(`No migration ends with ${expandRuleSince}`)
  const lastContract = all.findLastIndex((migration) => isContractStep(migration.sql))
  return all.slice(Math.max(since, lastContract + 1))
}
