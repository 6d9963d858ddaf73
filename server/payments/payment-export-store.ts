import type { Pool } from 'pg'
import type { StoredAccountData } from '../../domain/api/api-contract'
import { storedUuid } from '../db/stored-id'
import { loadPayments } from './payment-store'
import { toClientPayments } from './payment-view'

/**
 * The export's payments of `userId`: for each of their requests with instalments or payments,
 * what the client's own `GET …/payments` shows (the agency's notes left out; no SPEI account:
 * it is the agency's, not the user's).
 */
export async function exportedPayments(
  pool: Pool,
  userId: string,
): Promise<Pick<StoredAccountData, 'payments'>> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT r.id FROM service_requests r WHERE r.user_id = $1
       AND (EXISTS (SELECT 1 FROM payment_instalments i WHERE i.request_id = r.id)
         OR EXISTS (SELECT 1 FROM payment_records p WHERE p.request_id = r.id))
     ORDER BY r.created_at`,
    [userId],
  )
  const payments: NonNullable<StoredAccountData['payments']>[number][] = []
  for (const row of rows) {
    const loaded = await loadPayments(pool, storedUuid(row.id), { side: 'client', userId })
    if (loaded) payments.push({ requestId: row.id, payments: toClientPayments(loaded, undefined) })
  }
  return { payments }
}
