import { agencyTimeZone } from '../../domain/agency-day'

/**
 * The receivables list's order, as the expressions its index (`payment_instalments_receivables_idx`
 * in schema.ts) is built on and the list's statements use word for word
 * (server/payments/receivables-store.ts): PostgreSQL uses an expression index only for the same
 * expression. Over `payment_instalments` as `prefix` names it (`i.` in the list, nothing in the
 * index):
 * - the rank: 0 owed (due, partly paid), 1 to come (scheduled), 2 settled (paid, void, refunded);
 * - the due key: the due day in Mexico City (the plan's date, else the day it fell due), or
 *   `infinity` while it waits for a status (never NULL, so a keyset can compare it);
 * - then the instalment's unique `number`.
 */
export const receivablesRank = (prefix: string) =>
  `(CASE WHEN ${prefix}state IN ('due', 'partlyPaid') THEN 0 WHEN ${prefix}state = 'scheduled' THEN 1 ELSE 2 END)`
export const receivablesDueKey = (prefix: string) =>
  `COALESCE(${prefix}due_date, ((${prefix}due_at AT TIME ZONE '${agencyTimeZone}'))::date, 'infinity'::date)`
