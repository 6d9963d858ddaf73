import type { Pool, PoolClient } from 'pg'
import { agencyDay } from '../../domain/agency-day'
import type { InstalmentState } from '../../domain/payments/instalment-state'
import { allocatePayment } from '../../domain/payments/payment-allocation'
import { instalmentFolio, speiReference } from '../../domain/payments/payment-folio'
import { instalmentAmounts, type PaymentSchedule } from '../../domain/payments/payment-schedule'
import {
  type InstalmentEvent,
  instalmentTransition,
  isInstalmentState,
} from '../../machines/instalment-machine'
import { inTransaction } from '../db/transaction'

/**
 * The instalments' moves, each in the caller's transaction with the request already locked
 * (`FOR UPDATE` on its `service_requests` row), so two changes of one request's money are judged
 * one after the other: an accepted proposal's plan becoming instalments, instalments falling due
 * (on acceptance, on a status, on their day), a payment's or the credit's centavos going to
 * them, and the unpaid ones voided when the request closes. The `instalment` machine judges
 * every move (machines/instalment-machine.ts); each is a `payment_events` row.
 */

type Client = PoolClient

/** An instalment row as the moves read it (bigint columns arrive as text). */
type MovingRow = { id: string; state: string; amount: string; paid: string }

const stateOf = (value: string): InstalmentState => (isInstalmentState(value) ? value : 'scheduled')

/** Stores one move the machine allowed, and its event. */
async function move(
  client: Client,
  row: MovingRow,
  event: InstalmentEvent,
  change: {
    readonly received: number
    readonly paymentId: number | null
    readonly byUserId: string | null
    readonly now: Date
    /** Why (a void by hand); '' otherwise. */
    readonly reason?: string
  },
): Promise<boolean> {
  const from = stateOf(row.state)
  const to = instalmentTransition(from, event)
  if (!to) return false
  await client.query(
    `UPDATE payment_instalments SET state = $2, paid = paid + $3, updated_at = $4,
       due_at = CASE WHEN $2 = 'due' THEN $4 ELSE due_at END,
       paid_at = CASE WHEN $2 = 'paid' THEN $4 ELSE paid_at END
     WHERE id = $1`,
    [row.id, to, change.received, change.now],
  )
  await client.query(
    `INSERT INTO payment_events (instalment_id, payment_id, from_state, to_state, amount,
       by_user_id, created_at, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.id,
      change.paymentId,
      from,
      to,
      change.received,
      change.byUserId,
      change.now,
      change.reason ?? '',
    ],
  )
  return true
}

/** The request's instalments that are owed now (due or partly paid), in the plan's order. */
export async function owedInstalments(client: Client, requestId: string): Promise<MovingRow[]> {
  const { rows } = await client.query<MovingRow>(
    `SELECT id, state, amount, paid FROM payment_instalments
     WHERE request_id = $1 AND state IN ('due', 'partlyPaid') ORDER BY position FOR UPDATE`,
    [requestId],
  )
  return rows
}

/**
 * Gives `parts` of a payment (or of the credit, `paymentId` null) to the instalments they were
 * allocated to: each moves to paid or partly paid as the machine decides from the amounts.
 */
export async function payInstalments(
  client: Client,
  owed: readonly MovingRow[],
  parts: readonly { readonly id: string; readonly amount: number }[],
  change: {
    readonly paymentId: number | null
    readonly byUserId: string | null
    readonly now: Date
  },
): Promise<void> {
  for (const part of parts) {
    const row = owed.find((item) => item.id === part.id)
    if (!row) continue
    const amount = Number(row.amount)
    const paidAfter = Number(row.paid) + part.amount
    const moved = await move(
      client,
      row,
      { type: 'pay', paidAfter, amount },
      {
        ...change,
        received: part.amount,
      },
    )
    if (!moved) throw new Error(`Instalment ${row.id} in ${row.state} refused a payment`)
  }
}

/**
 * What the request's client has paid and no instalment has received yet (a refunded payment and
 * a refunded instalment count for neither side).
 */
export async function creditOf(client: Client | Pool, requestId: string): Promise<number> {
  const { rows } = await client.query<{ credit: string }>(
    // A refunded card payment left (refunded_at), and so did what its instalments received.
    `SELECT (SELECT coalesce(sum(amount), 0) FROM payment_records
             WHERE request_id = $1 AND refunded_at IS NULL)
          - (SELECT coalesce(sum(paid), 0) FROM payment_instalments
             WHERE request_id = $1 AND state <> 'refunded')
       AS credit`,
    [requestId],
  )
  return Number(rows[0]?.credit ?? 0)
}

/** Applies the request's credit to what is owed now, in the plan's order. */
async function applyCredit(
  client: Client,
  requestId: string,
  byUserId: string | null,
  now: Date,
): Promise<void> {
  const credit = await creditOf(client, requestId)
  if (credit <= 0) return
  const owed = await owedInstalments(client, requestId)
  const owedAmounts = owed.map((row) => ({
    id: row.id,
    amount: Number(row.amount),
    paid: Number(row.paid),
  }))
  const { parts } = allocatePayment(owedAmounts, credit)
  await payInstalments(client, owed, parts, { paymentId: null, byUserId, now })
}

/**
 * The request's scheduled instalments that `which` selects fall due (SQL on `i`, parameters
 * from $2), then the credit goes to what is owed. Returns how many fell due.
 */
async function fallDue(
  client: Client,
  requestId: string,
  which: { readonly where: string; readonly values: readonly unknown[] },
  byUserId: string | null,
  now: Date,
): Promise<number> {
  const { rows } = await client.query<MovingRow>(
    `SELECT id, state, amount, paid FROM payment_instalments i
     WHERE i.request_id = $1 AND i.state = 'scheduled' AND (${which.where})
     ORDER BY i.position FOR UPDATE`,
    [requestId, ...which.values],
  )
  let fell = 0
  for (const row of rows)
    if (
      await move(client, row, { type: 'fallDue' }, { received: 0, paymentId: null, byUserId, now })
    )
      fell += 1
  if (fell > 0) await applyCredit(client, requestId, byUserId, now)
  return fell
}

/** Instalments whose day has come (today or before, in Mexico City) fall due. */
export function fallDueByDate(client: Client, requestId: string, now: Date): Promise<number> {
  return fallDue(
    client,
    requestId,
    { where: `i.due_date <= $2::date`, values: [agencyDay(now)] },
    null,
    now,
  )
}

/**
 * An accepted proposal's plan becomes the request's instalments: one row per instalment, each
 * with its amount (`instalmentAmounts`), its folio and SPEI reference (from its number), in the
 * plan's order; those due on acceptance — or on a day that has already come — fall due at once.
 */
export async function createInstalments(
  client: Client,
  plan: {
    readonly requestId: string
    readonly proposalId: string
    readonly schedule: PaymentSchedule
    readonly total: number
    readonly byUserId: string
    readonly now: Date
  },
): Promise<void> {
  const amounts = instalmentAmounts(plan.schedule, plan.total)
  for (const [index, instalment] of plan.schedule.instalments.entries()) {
    const { rows } = await client.query<{ number: string }>(
      `SELECT nextval(pg_get_serial_sequence('payment_instalments', 'number')) AS number`,
    )
    const number = Number(rows[0]?.number)
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO payment_instalments (number, folio, spei_reference, request_id, proposal_id,
         position, amount, due, due_status, due_date, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [
        number,
        instalmentFolio(number),
        speiReference(number),
        plan.requestId,
        plan.proposalId,
        index + 1,
        amounts[index],
        JSON.stringify(instalment.due),
        instalment.due.on === 'status' ? instalment.due.status : null,
        instalment.due.on === 'date' ? instalment.due.date : null,
        plan.now,
      ],
    )
    await client.query(
      `INSERT INTO payment_events (instalment_id, from_state, to_state, by_user_id, created_at)
       VALUES ($1, NULL, 'scheduled', $2, $3)`,
      [inserted.rows[0]?.id, plan.byUserId, plan.now],
    )
  }
  await fallDue(
    client,
    plan.requestId,
    {
      where: `i.due->>'on' = 'acceptance' OR i.due_date <= $2::date`,
      values: [agencyDay(plan.now)],
    },
    plan.byUserId,
    plan.now,
  )
}

/**
 * The request reached `status`: its instalments due on that status fall due (the lifecycle says
 * when: machines/service-request-machine.ts); when the request closes without being delivered
 * (declined, withdrawn), those with nothing paid are voided — what was paid stays, for the
 * agency to refund.
 */
export async function requestReachedStatus(
  client: Client,
  change: {
    readonly requestId: string
    readonly status: string
    readonly closed: boolean
    readonly byUserId: string | null
    readonly now: Date
  },
): Promise<void> {
  await fallDue(
    client,
    change.requestId,
    { where: 'i.due_status = $2', values: [change.status] },
    change.byUserId,
    change.now,
  )
  if (!change.closed || change.status === 'delivered') return
  const { rows } = await client.query<MovingRow>(
    `SELECT id, state, amount, paid FROM payment_instalments
     WHERE request_id = $1 AND state IN ('scheduled', 'due') AND paid = 0
     ORDER BY position FOR UPDATE`,
    [change.requestId],
  )
  for (const row of rows) await voidRow(client, row, change)
}

/** The machine's `void` on one instalment (no money moves); whether it was allowed. */
function voidRow(
  client: Client,
  row: MovingRow,
  by: { readonly byUserId: string | null; readonly now: Date; readonly reason?: string },
): Promise<boolean> {
  return move(
    client,
    row,
    { type: 'void' },
    { received: 0, paymentId: null, byUserId: by.byUserId, now: by.now, reason: by.reason ?? '' },
  )
}

/** Voids one of the request's instalments, when the machine allows it (nothing was paid). */
export async function voidInstalment(
  pool: Pool,
  change: {
    readonly requestId: string
    readonly instalmentId: string
    readonly byUserId: string
    readonly now: Date
    /** The agency's reason, kept with the move. */
    readonly reason: string
  },
): Promise<'voided' | 'not_found' | 'refused'> {
  return inTransaction(pool, async (client) => {
    const locked = await client.query('SELECT 1 FROM service_requests WHERE id = $1 FOR UPDATE', [
      change.requestId,
    ])
    if (locked.rowCount !== 1) return 'not_found'
    const { rows } = await client.query<MovingRow>(
      `SELECT id, state, amount, paid FROM payment_instalments
       WHERE id = $1 AND request_id = $2 FOR UPDATE`,
      [change.instalmentId, change.requestId],
    )
    const row = rows[0]
    if (!row) return 'not_found'
    return (await voidRow(client, row, change)) ? 'voided' : 'refused'
  })
}

/**
 * The scheduled clean-up's sweep: every request with an instalment whose day has come, each in
 * its own transaction with the request locked. Returns how many instalments fell due.
 */
export async function instalmentsFallDue(pool: Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ request_id: string }>(
    `SELECT DISTINCT request_id FROM payment_instalments
     WHERE state = 'scheduled' AND due_date <= $1::date AND request_id IS NOT NULL LIMIT 1000`,
    [agencyDay(now)],
  )
  let fell = 0
  for (const row of rows)
    fell += await inTransaction(pool, async (client) => {
      const locked = await client.query('SELECT 1 FROM service_requests WHERE id = $1 FOR UPDATE', [
        row.request_id,
      ])
      return locked.rowCount === 1 ? fallDueByDate(client, row.request_id, now) : 0
    })
  return fell
}

/**
 * A refunded payment's instalments (those it paid towards): each partly paid or paid one moves
 * to refunded, as the machine allows; the move keeps the payment and the agency's reason.
 */
export async function refundInstalments(
  client: Client,
  instalmentIds: readonly string[],
  change: { readonly paymentId: number; readonly reason: string; readonly now: Date },
): Promise<void> {
  const { rows } = await client.query<MovingRow>(
    `SELECT id, state, amount, paid FROM payment_instalments
     WHERE id = ANY($1::uuid[]) ORDER BY position FOR UPDATE`,
    [instalmentIds],
  )
  for (const row of rows)
    await move(
      client,
      row,
      { type: 'refund' },
      {
        received: 0,
        paymentId: change.paymentId,
        byUserId: null,
        now: change.now,
        reason: change.reason,
      },
    )
}
