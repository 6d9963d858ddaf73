import type { Pool } from 'pg'
import type { AdminServiceRequest, Enquiry, ListPage } from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import { budgetRanges } from '../../domain/leads/lead-options'
import { isLocale } from '../../domain/locales'
import { type AdminListQuery, adminPageSize } from '../../domain/requests/admin-list-query'
import { parseRequestNumber } from '../../domain/requests/request-number'
import { asServiceId } from '../../domain/services/service-table'
import type { contactEnquiries } from '../db/schema'
import { searchKeySql } from '../db/search-key'
import type { SqlColumns } from '../db/sql-row'
import { awaitingReplyCondition } from '../messages/thread-store'
import {
  type AdminRequestRow,
  clientColumns,
  requestColumns,
  toAdminRequest,
} from '../service-requests/request-store'

/** A WHERE clause and its parameters ($1…), built from the list's filters only. */
type Filter = { readonly where: string; readonly values: unknown[] }

/** `q` as a LIKE pattern matching any substring, its own `%`, `_` and `\` taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * A table's stored search key (server/db/schema.ts, trigram-indexed) against the pattern
 * parameter turned into a key by the same expression: case and accents aside (search-key.ts).
 */
function matches(searchKeyColumn: string, patternParam: string): string {
  return `${searchKeyColumn} LIKE ${searchKeySql(patternParam)}`
}

/** Conditions both lists share: service and the creation date range, inclusive days in UTC. */
function commonConditions(alias: string, query: AdminListQuery, values: unknown[]): string[] {
  const conditions: string[] = []
  const param = (value: unknown) => {
    values.push(value)
    return `$${values.length}`
  }
  if (query.service !== '') conditions.push(`${alias}.service_id = ${param(query.service)}`)
  if (query.from !== '')
    conditions.push(
      `${alias}.created_at >= (${param(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`,
    )
  if (query.to !== '')
    conditions.push(
      `${alias}.created_at < (${param(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    )
  return conditions
}

const whereOf = (conditions: string[]) =>
  conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`

/**
 * The enquiries' filters. The search matches any part of the name or the email, whatever the
 * case and the accents, through the trigram index on the stored search key.
 */
export function enquiryFilter(query: AdminListQuery): Filter {
  const values: unknown[] = []
  const conditions = commonConditions('e', query, values)
  if (query.handled === 'yes') conditions.push('e.handled_at IS NOT NULL')
  if (query.handled === 'no') conditions.push('e.handled_at IS NULL')
  if (query.spam === 'yes') conditions.push('e.likely_spam')
  if (query.spam === 'no') conditions.push('NOT e.likely_spam')
  if (query.q !== '') {
    values.push(containsPattern(query.q))
    conditions.push(matches('e.search_key', `$${values.length}`))
  }
  return { where: whereOf(conditions), values }
}

/**
 * The requests' filters. The search matches the client's name, last name or email, whatever the
 * case and the accents, through the trigram index on the users' stored search key; a search
 * that is a request number (`pd-2026-42`) finds that request through its unique index.
 */
export function requestFilter(query: AdminListQuery): Filter {
  const values: unknown[] = []
  const conditions = commonConditions('r', query, values)
  if (query.status !== '') {
    values.push(query.status)
    conditions.push(`r.status = $${values.length}`)
  }
  if (query.awaiting === 'yes') conditions.push(awaitingReplyCondition)
  const number = parseRequestNumber(query.q)
  if (number !== undefined) {
    values.push(number)
    conditions.push(`r.number = $${values.length}`)
  } else if (query.q !== '') {
    values.push(containsPattern(query.q))
    conditions.push(
      `r.user_id IN (SELECT s.id FROM users s
        WHERE ${matches('s.search_key', `$${values.length}`)})`,
    )
  }
  return { where: whereOf(conditions), values }
}

export type EnquiryRow = SqlColumns<
  typeof contactEnquiries,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'company'
  | 'service_id'
  | 'budget'
  | 'message'
  | 'locale'
  | 'created_at'
  | 'handled_at'
  | 'likely_spam'
>

export const enquiryColumns = `e.id, e.name, e.email, e.phone, e.company, e.service_id, e.budget,
  e.message, e.locale, e.created_at, e.handled_at, e.likely_spam`

export function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    serviceId: asServiceId(row.service_id) ?? null,
    budget: budgetRanges.find((id) => id === row.budget) ?? 'not-sure',
    message: row.message,
    locale: isLocale(row.locale) ? row.locale : 'en',
    createdAt: row.created_at.toISOString(),
    handledAt: row.handled_at ? row.handled_at.toISOString() : null,
    likelySpam: row.likely_spam,
  }
}

/**
 * One page (in `list.order`) and the exact number of matching rows. Both statements run at once;
 * the count uses the same filter, served by the same indexes as the page. The page's ids are
 * chosen first and only its 25 rows are then read in full: PostgreSQL computes a query's columns
 * (a request's history, say) for every row an OFFSET skips, which would make a deep page cost
 * as much as reading the whole table.
 */
async function listPage<Row, Item>(
  pool: Pool,
  list: { table: string; alias: string; select: string; order: string },
  filter: Filter,
  page: number,
  toItem: (row: Row) => Item,
): Promise<Omit<ListPage<Item>, 'success'>> {
  const { table, alias, select, order } = list
  const offset = (page - 1) * adminPageSize
  const n = filter.values.length
  const [rows, count] = await Promise.all([
    pool.query(
      `WITH page AS (
         SELECT ${alias}.id FROM ${table} ${alias} ${filter.where}
         ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}
       )
       ${select} WHERE ${alias}.id IN (SELECT id FROM page) ORDER BY ${order}`,
      [...filter.values, adminPageSize, offset],
    ),
    pool.query<{ total: string }>(
      `SELECT count(*) AS total FROM ${table} ${alias} ${filter.where}`,
      filter.values,
    ),
  ])
  return {
    items: (rows.rows as Row[]).map(toItem),
    total: Number(count.rows[0]?.total ?? 0),
    page,
    pageSize: adminPageSize,
  }
}

const enquirySelect = `SELECT ${enquiryColumns} FROM contact_enquiries e`
const requestSelect = `SELECT ${requestColumns}, ${clientColumns}
  FROM service_requests r JOIN users u ON u.id = r.user_id`
const enquiryList = {
  table: 'contact_enquiries',
  alias: 'e',
  select: enquirySelect,
  order: 'e.created_at DESC, e.id DESC',
}
/**
 * The requests' order: the latest activity first, or the newest first. NULLS LAST as the
 * indexes are built (the columns are NOT NULL, but the planner matches the words, not the
 * constraint): a page is then read from its index instead of sorting every matching row.
 */
export function requestOrder(query: Pick<AdminListQuery, 'sort'>): string {
  return query.sort === 'created'
    ? 'r.created_at DESC NULLS LAST, r.id DESC NULLS LAST'
    : 'r.last_activity_at DESC NULLS LAST, r.id DESC NULLS LAST'
}

const requestList = (query: AdminListQuery) => ({
  table: 'service_requests',
  alias: 'r',
  select: requestSelect,
  order: requestOrder(query),
})

export function listEnquiries(pool: Pool, query: AdminListQuery) {
  return listPage<EnquiryRow, Enquiry>(
    pool,
    enquiryList,
    enquiryFilter(query),
    query.page,
    toEnquiry,
  )
}

export function listRequests(pool: Pool, query: AdminListQuery) {
  return listPage<AdminRequestRow, AdminServiceRequest>(
    pool,
    requestList(query),
    requestFilter(query),
    query.page,
    toAdminRequest,
  )
}

/** Every matching row, newest first, in batches (keyset paging: each batch costs the same). */
async function* allRows<Row extends { created_at: Date; id: string }>(
  pool: Pool,
  select: string,
  alias: string,
  filter: Filter,
  batchSize = 500,
): AsyncGenerator<Row[]> {
  let after: { created_at: Date; id: string } | undefined
  for (;;) {
    const values = [...filter.values]
    let where = filter.where
    if (after) {
      values.push(after.created_at, after.id)
      const keyset = `(${alias}.created_at, ${alias}.id) < ($${values.length - 1}, $${values.length})`
      where = where === '' ? `WHERE ${keyset}` : `${where} AND ${keyset}`
    }
    values.push(batchSize)
    const { rows } = await pool.query(
      `${select} ${where} ORDER BY ${alias}.created_at DESC, ${alias}.id DESC LIMIT $${values.length}`,
      values,
    )
    if (rows.length > 0) yield rows as Row[]
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1] as Row
    after = { created_at: last.created_at, id: last.id }
  }
}

export function allEnquiries(pool: Pool, query: AdminListQuery) {
  return allRows<EnquiryRow>(pool, enquirySelect, 'e', enquiryFilter(query))
}

/** A request row of the export: the list's, with the client's phone. */
export type RequestExportRow = AdminRequestRow & { client_phone: string }

const requestExportSelect = `SELECT ${requestColumns}, ${clientColumns}, u.phone AS client_phone
  FROM service_requests r JOIN users u ON u.id = r.user_id`

export function allRequestsForExport(pool: Pool, query: AdminListQuery) {
  return allRows<RequestExportRow>(pool, requestExportSelect, 'r', requestFilter(query))
}

export async function loadEnquiry(pool: Pool, id: Uuid): Promise<EnquiryRow | undefined> {
  const { rows } = await pool.query<EnquiryRow>(`${enquirySelect} WHERE e.id = $1`, [id])
  return rows[0]
}

/** Marks an enquiry handled by `adminId` (now), or open again; undefined when there is none. */
export async function markEnquiry(
  pool: Pool,
  id: Uuid,
  handled: boolean,
  adminId: string,
): Promise<EnquiryRow | undefined> {
  const { rows } = await pool.query<EnquiryRow>(
    `UPDATE contact_enquiries e SET
       handled_at = CASE WHEN $2 THEN coalesce(e.handled_at, now()) END,
       handled_by = CASE WHEN $2 THEN coalesce(e.handled_by, $3::uuid) END
     WHERE e.id = $1 RETURNING ${enquiryColumns}`,
    [id, handled, adminId],
  )
  return rows[0]
}
