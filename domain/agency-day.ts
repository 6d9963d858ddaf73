/**
 * The agency's calendar: a day is a day in Mexico City, where the office is. A proposal is valid
 * through the whole of its valid-until day there, an instalment falls due at the start of its
 * day there, a payment was received on a day there.
 */
export const agencyTimeZone = 'America/Mexico_City'

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: agencyTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** YYYY-MM-DD of `now` in Mexico City. */
export function agencyDay(now: Date): string {
  return dayFormat.format(now)
}

/** The YYYY-MM-DD `days` after the day `day` (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}
