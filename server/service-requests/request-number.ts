import { agencyTimeZone } from '../../domain/requests/proposal-dates'
import { requestNumberPrefix } from '../../domain/requests/request-number'

/**
 * SQL: a CTE named `counter` that takes the next number of the current year (Mexico City) from
 * `request_number_counters`, for the statement that stores a request. The counter's row is
 * updated in place (its lock orders two instances' inserts), so a number is never given twice;
 * a request that fails after taking one leaves a gap, which a human number may have.
 */
export const nextNumberCte = `counter AS (
  INSERT INTO request_number_counters (year, last)
  VALUES (extract(year FROM now() AT TIME ZONE '${agencyTimeZone}')::integer, 1)
  ON CONFLICT (year) DO UPDATE SET last = request_number_counters.last + 1
  RETURNING year, last
)`

/** SQL: the number `counter` gave, as `formatRequestNumber` writes it. */
export const counterNumberSql = `(SELECT '${requestNumberPrefix}-' || year || '-' ||
  CASE WHEN last < 10000 THEN lpad(last::text, 4, '0') ELSE last::text END FROM counter)`
