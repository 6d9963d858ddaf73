import type { Pool } from 'pg'
import { agencyDay } from '../../domain/agency-day'
import type { Receivable, ReceivablesPage } from '../../domain/api/api-contract'
import { isInstalmentState } from '../../domain/payments/instalment-state'
import { type PaymentMethod, paymentMethods } from '../../domain/payments/payment-methods'
import type { InstalmentDue } from '../../domain/payments/payment-schedule'
import { parseFolioNumber } from '../../domain/payments/receivables'
import { adminPageSize } from '../../domain/requests/admin-list-query'
import type { ReceivablesQuery } from '../../domain/requests/receivables-query'
import { parseRequestNumber } from '../../domain/requests/request-number'
import { receivablesDueKey, receivablesRank } from '../db/receivables-order'
import { searchKeySql } from '../db/search-key'

/**
 * The receivables list in SQL, ordered over the expressions of its index
 * (server/db/receivables-order.ts), so a page, the overdue filter and the export's batches are
 * read from the index instead of sorting every instalment. Owed instalments sorted by due day
 * put the overdue first: an owed one is due today or earlier (one due on a date falls due on
 * that day).
 */
const receivablesRankSql = receivablesRank('i.')
const receivablesDueKeySql = receivablesDueKey('i.')
const order = `${receivablesRankSql}, ${receivablesDueKeySql}, i.number`

/**
 * domain/payments/receivables.ts `isOverdue` in SQL: owed and its due day before `today` (the
 * parameter: today in Mexico City by the API's clock). An owed instalment always has a due day.
 */
const overdueSql = (todayParam: string) =>
  `(${receivablesRankSql} = 0 AND ${receivablesDueKeySql} < ${todayParam}::date)`

/** A WHERE clause and its parameters ($1…). */
type Filter = { readonly where: string; readonly values: unknown[] }

/** `q` as a LIKE pattern matching any substring, its own `%`, `_` and `\` taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * The list's filters. The search is a folio (that instalment, by its unique number), a request
 * number (that request's instalments) or else part of the client's name, last name or email,
 * whatever the case and the accents (the users' trigram-indexed search key, as the requests'
 * list searches). The method keeps instalments that received a payment made that way.
 */
export function receivablesFilter(query: ReceivablesQuery, today: string): Filter {
  const values: unknown[] = []
  const param = (value: unknown) => {
    values.push(value)
    return `$${values.length}`
  }
  const conditions: string[] = []
  switch (query.state) {
    case '':
      break
    case 'open':
      conditions.push(`${receivablesRankSql} < 2`)
      break
    case 'overdue':
      conditions.push(overdueSql(param(today)))
      break
    default:
      conditions.push(`i.state = ${param(query.state)}`)
  }
  if (query.from !== '') conditions.push(`${receivablesDueKeySql} >= ${param(query.from)}::date`)
  if (query.to !== '') conditions.push(`${receivablesDueKeySql} <= ${param(query.to)}::date`)
  // The instalments paid that way, found once and hashed (OFFSET 0 keeps the planner from
  // probing the payments row by row along the list's order: with a LIMIT it guesses that cheap,
  // and walks most of the index when the paid ones sort last).
  if (query.method !== '')
    conditions.push(
      `i.id IN (SELECT ev.instalment_id FROM payment_events ev
        JOIN payment_records p ON p.id = ev.payment_id WHERE p.method = ${param(query.method)}
        OFFSET 0)`,
    )
  const folio = parseFolioNumber(query.q)
  const requestNumber = parseRequestNumber(query.q)
  if (folio !== undefined) conditions.push(`i.number = ${param(folio)}`)
  else if (requestNumber !== undefined)
    conditions.push(
      `i.request_id IN (SELECT r.id FROM service_requests r WHERE r.number = ${param(requestNumber)})`,
    )
  else if (query.q !== '')
    conditions.push(
      `i.request_id IN (SELECT r.id FROM service_requests r WHERE r.user_id IN
        (SELECT s.id FROM users s WHERE s.search_key LIKE ${searchKeySql(param(containsPattern(query.q)))}))`,
    )
  return { where: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, values }
}

/** A row of the list (and of the export): the instalment, its request and client, its last payment. */
export type ReceivableRow = {
  id: string
  number: string
  folio: string
  amount: string
  paid: string
  state: string
  due: InstalmentDue
  due_day: string | null
  overdue: boolean
  request_id: string | null
  request_number: string | null
  client_name: string | null
  client_last_name: string | null
  client_email: string | null
  last_paid_on: string | null
  last_method: string | null
  rank: number
  due_key: string
}

/** The columns of a row; `$1` is today in Mexico City (the overdue flag). */
const receivableSelect = `SELECT i.id, i.number, i.folio, i.amount, i.paid, i.state, i.due,
    CASE WHEN ${receivablesDueKeySql} = 'infinity' THEN NULL
      ELSE to_char(${receivablesDueKeySql}, 'YYYY-MM-DD') END AS due_day,
    ${overdueSql('$1')} AS overdue,
    r.id AS request_id, r.number AS request_number,
    u.name AS client_name, u.last_name AS client_last_name, u.email AS client_email,
    to_char(lp.paid_on, 'YYYY-MM-DD') AS last_paid_on, lp.method AS last_method,
    ${receivablesRankSql} AS rank, ${receivablesDueKeySql}::text AS due_key
  FROM payment_instalments i
  LEFT JOIN service_requests r ON r.id = i.request_id
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN LATERAL (
    SELECT p.paid_on, p.method FROM payment_events ev JOIN payment_records p ON p.id = ev.payment_id
    WHERE ev.instalment_id = i.id ORDER BY p.paid_on DESC, p.id DESC LIMIT 1
  ) lp ON true`

const isMethod = (value: string | null): value is PaymentMethod =>
  paymentMethods.some((method) => method === value)

export function toReceivable(row: ReceivableRow): Receivable {
  const amount = Number(row.amount)
  const paid = Number(row.paid)
  const state = isInstalmentState(row.state) ? row.state : 'void'
  const owes = state === 'scheduled' || state === 'due' || state === 'partlyPaid'
  return {
    id: row.id,
    folio: row.folio,
    request:
      row.request_id && row.request_number
        ? { id: row.request_id, number: row.request_number }
        : null,
    client:
      row.client_email !== null
        ? {
            name: `${row.client_name ?? ''} ${row.client_last_name ?? ''}`.trim(),
            email: row.client_email,
          }
        : null,
    amount,
    paid,
    balance: owes ? amount - paid : 0,
    state,
    due: row.due,
    dueDay: row.due_day,
    overdue: row.overdue,
    lastPayment:
      row.last_paid_on && isMethod(row.last_method)
        ? { paidOn: row.last_paid_on, method: row.last_method }
        : null,
  }
}

/**
 * One page of the filtered list, its exact total, the open balance over the filter and the
 * overdue count over every instalment: three statements at once. As the inbox's lists do, the
 * page's ids are chosen first (from the index, in its order) and only its 25 rows are then read
 * in full (joins and the last payment), so a deep page costs an index walk, not 100,000 joins.
 */
export async function listReceivables(
  pool: Pool,
  query: ReceivablesQuery,
  now: Date,
): Promise<Omit<ReceivablesPage, 'success'>> {
  const today = agencyDay(now)
  const filter = receivablesFilter(query, today)
  const n = filter.values.length
  const offset = (query.page - 1) * adminPageSize
  // The page's statement has today first ($1: the overdue flag); the filter's follow.
  const shifted = filter.where.replace(/\$(\d+)/g, (_, index: string) => `$${Number(index) + 1}`)
  const [rows, totals, overdue] = await Promise.all([
    pool.query<ReceivableRow>(
      `WITH page AS (
         SELECT i.id FROM payment_instalments i ${shifted}
         ORDER BY ${order} LIMIT $${n + 2} OFFSET $${n + 3}
       )
       ${receivableSelect} WHERE i.id IN (SELECT id FROM page) ORDER BY ${order}`,
      [today, ...filter.values, adminPageSize, offset],
    ),
    pool.query<{ total: string; open_balance: string }>(
      `SELECT count(*) AS total,
         coalesce(sum(i.amount - i.paid) FILTER (WHERE ${receivablesRankSql} < 2), 0) AS open_balance
       FROM payment_instalments i ${filter.where}`,
      filter.values,
    ),
    pool.query<{ total: string }>(
      `SELECT count(*) AS total FROM payment_instalments i WHERE ${overdueSql('$1')}`,
      [today],
    ),
  ])
  return {
    items: rows.rows.map(toReceivable),
    total: Number(totals.rows[0]?.total ?? 0),
    page: query.page,
    pageSize: adminPageSize,
    openBalance: Number(totals.rows[0]?.open_balance ?? 0),
    overdueCount: Number(overdue.rows[0]?.total ?? 0),
  }
}

/**
 * Every matching instalment in the list's order, in batches (keyset on the index's three
 * expressions: each batch costs the same, however deep).
 */
export async function* allReceivables(
  pool: Pool,
  query: ReceivablesQuery,
  now: Date,
  batchSize = 500,
): AsyncGenerator<ReceivableRow[]> {
  const today = agencyDay(now)
  const filter = receivablesFilter(query, today)
  const shifted = filter.where.replace(/\$(\d+)/g, (_, index: string) => `$${Number(index) + 1}`)
  let after: ReceivableRow | undefined
  for (;;) {
    const values: unknown[] = [today, ...filter.values]
    let where = shifted
    if (after) {
      values.push(after.rank, after.due_key, after.number)
      const k = values.length
      const keyset = `(${receivablesRankSql}, ${receivablesDueKeySql}, i.number) > ($${k - 2}::int, $${k - 1}::date, $${k}::bigint)`
      where = where === '' ? `WHERE ${keyset}` : `${where} AND ${keyset}`
    }
    values.push(batchSize)
    const { rows } = await pool.query<ReceivableRow>(
      `${receivableSelect} ${where} ORDER BY ${order} LIMIT $${values.length}`,
      values,
    )
    if (rows.length > 0) yield rows
    if (rows.length < batchSize) return
    after = rows[rows.length - 1]
  }
}
