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
 * git history. It sees the statements' shape only, so it refuses every new UNIQUE, CHECK,
 * FOREIGN KEY or PRIMARY KEY on a table the migration did not create (it cannot tell whether the
 * previous release's rows satisfy it; the rolling-upgrade test, server/rolling-upgrade.test.ts,
 * runs that release), and every dropped unique index or constraint (the previous release's
 * `ON CONFLICT` names its columns, and fails without it).
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

const name = String.raw`(?:"[^"]+"|\w+)`
const qualifiedName = String.raw`(?:${name}\.)?(${name})`
const unquoted = (identifier: string) => identifier.replace(/^"|"$/g, '')

/** The tables a migration creates: what it adds to them binds no previous release. */
function tablesCreatedIn(statements: readonly string[]): Set<string> {
  const created = new RegExp(
    String.raw`^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${qualifiedName}`,
    'i',
  )
  return new Set(
    statements.flatMap((statement) => {
      const table = created.exec(statement)?.[1]
      return table ? [unquoted(table)] : []
    }),
  )
}

/** The columns each table gets in this migration (`ADD COLUMN`), by table. */
function columnsAddedIn(statements: readonly string[]): Map<string, Set<string>> {
  const added = new Map<string, Set<string>>()
  const shape = new RegExp(
    String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${qualifiedName}\s+ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?(${name})`,
    'i',
  )
  for (const statement of statements) {
    const found = shape.exec(statement)
    if (!found?.[1] || !found[2]) continue
    const table = unquoted(found[1])
    added.set(table, (added.get(table) ?? new Set()).add(unquoted(found[2])))
  }
  return added
}

/**
 * A new unique index on columns the same migration adds: the previous release never writes
 * them, so its rows leave them NULL, and NULLs never collide.
 */
function uniqueOnNewColumns(statement: string, added: Map<string, Set<string>>): boolean {
  const found = new RegExp(
    String.raw`^CREATE\s+UNIQUE\s+INDEX\b[\s\S]*?\bON\s+(?:ONLY\s+)?${qualifiedName}(?:\s+USING\s+\w+)?\s*\(([^)]*)\)`,
    'i',
  ).exec(statement)
  const table = found?.[1] ? unquoted(found[1]) : undefined
  const columns = found?.[2]?.split(',').map((column) => unquoted(column.trim()))
  const fresh = table === undefined ? undefined : added.get(table)
  return (
    fresh !== undefined &&
    columns !== undefined &&
    columns.length > 0 &&
    columns.every((column) => fresh.has(column))
  )
}

/**
 * The constraints and indexes a migration says it only loosens, one comment line each:
 * `-- expands: "payment_records_method_check" — the same check with 'oxxo' added`. Read by the
 * reviewer, who holds the claim to the statement; the check then lets that name through.
 */
export function declaredExpansions(sql: string): Set<string> {
  return new Set(
    [...sql.matchAll(/^--\s*expands:\s*("[^"]+"|\S+)/gim)].flatMap((match) =>
      match[1] ? [unquoted(match[1])] : [],
    ),
  )
}

/** The name a statement gives its new constraint or index, if it names one. */
function namedIn(statement: string): string | undefined {
  const found = new RegExp(
    String.raw`\b(?:ADD\s+CONSTRAINT|CREATE\s+UNIQUE\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?)\s*(${name})`,
    'i',
  ).exec(statement)?.[1]
  return found ? unquoted(found) : undefined
}

/** The table a new unique index or an added UNIQUE/CHECK/FOREIGN KEY/PRIMARY KEY constrains. */
function tightenedTable(statement: string): string | undefined {
  const uniqueIndex = new RegExp(
    String.raw`^CREATE\s+UNIQUE\s+INDEX\b[\s\S]*?\bON\s+(?:ONLY\s+)?${qualifiedName}`,
    'i',
  ).exec(statement)
  if (uniqueIndex?.[1]) return unquoted(uniqueIndex[1])
  const constraint = new RegExp(
    String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${qualifiedName}[\s\S]*\bADD\s+(?:CONSTRAINT\s+${name}\s+)?(?:UNIQUE|CHECK|FOREIGN\s+KEY|PRIMARY\s+KEY)\b`,
    'i',
  ).exec(statement)
  return constraint?.[1] ? unquoted(constraint[1]) : undefined
}

/**
 * The names of the unique indexes and constraints the migrations create (PostgreSQL's own names
 * for unnamed ones end in `_key` and `_pkey`, and count too).
 */
export function uniqueNamesIn(sqls: readonly string[]): Set<string> {
  const named = new RegExp(
    String.raw`(?:CREATE\s+UNIQUE\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?|CONSTRAINT\s+)(${name})(?=\s+(?:ON|UNIQUE|PRIMARY\s+KEY)\b)`,
    'gi',
  )
  const names = new Set<string>()
  for (const sql of sqls)
    for (const statement of statementsOf(sql))
      for (const match of statement.matchAll(named)) if (match[1]) names.add(unquoted(match[1]))
  return names
}

/** The unique index or constraint a statement drops, if it drops one. */
function droppedUnique(statement: string, uniqueNames: ReadonlySet<string>): string | undefined {
  const dropped = new RegExp(
    String.raw`\bDROP\s+(?:INDEX|CONSTRAINT)\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?${qualifiedName}`,
    'i',
  ).exec(statement)?.[1]
  if (!dropped) return undefined
  const bare = unquoted(dropped)
  return uniqueNames.has(bare) || /_(p?key)$/.test(bare) ? bare : undefined
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

type MigrationShape = {
  readonly created: ReadonlySet<string>
  readonly added: Map<string, Set<string>>
  readonly expansions: ReadonlySet<string>
}

function whyBreaking(
  statement: string,
  shape: MigrationShape,
  uniqueNames: ReadonlySet<string>,
): string | undefined {
  if (requiredColumnWithoutDefault(statement))
    return 'adds a required column without a default the previous release does not fill'
  const tightened = tightenedTable(statement)
  const named = namedIn(statement)
  if (
    tightened !== undefined &&
    !shape.created.has(tightened) &&
    !uniqueOnNewColumns(statement, shape.added) &&
    !(named !== undefined && shape.expansions.has(named))
  )
    return 'adds a unique, check, foreign or primary key the previous release may not satisfy'
  if (droppedUnique(statement, uniqueNames))
    return "drops a unique index or constraint the previous release's ON CONFLICT may name"
  return breakingShapes.find(({ shape }) => shape.test(statement))?.why
}

/**
 * The statements of `sql` that break the previous release, each with (the first) why.
 * `uniqueNames`: the unique indexes and constraints of every migration (`uniqueNamesIn`), so a
 * drop of one made earlier is recognised; by default only this migration's own.
 */
export function breakingStatementsOf(
  tag: string,
  sql: string,
  uniqueNames: ReadonlySet<string> = uniqueNamesIn([sql]),
): BreakingStatement[] {
  const statements = statementsOf(sql)
  const shape: MigrationShape = {
    created: tablesCreatedIn(statements),
    added: columnsAddedIn(statements),
    expansions: declaredExpansions(sql),
  }
  const found: BreakingStatement[] = []
  for (const statement of statements) {
    const why = whyBreaking(statement, shape, uniqueNames)
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
