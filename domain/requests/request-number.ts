/**
 * A request's short human number, `PD-2026-0042`: the agency's prefix, the year the request was
 * made in (Mexico City) and that year's counter, four digits at least. The server gives it once,
 * when the request is stored (server/service-requests/request-number.ts); people quote it in
 * mails and on the phone, and the inbox finds a request by it.
 */
export const requestNumberPrefix = 'PD'

export function formatRequestNumber(year: number, counter: number): string {
  return `${requestNumberPrefix}-${year}-${String(counter).padStart(4, '0')}`
}

/**
 * The number a search names, written as people type it (`pd-2026-42`, `PD 2026 0042`,
 * `2026-0042`), in its stored form; undefined when the search is not a request number.
 */
export function parseRequestNumber(search: string): string | undefined {
  const match = /^(?:pd[\s-]*)?(\d{4})[\s-]+0*(\d{1,9})$/i.exec(search.trim())
  if (!match) return undefined
  const counter = Number(match[2])
  if (counter === 0) return undefined
  return formatRequestNumber(Number(match[1]), counter)
}
