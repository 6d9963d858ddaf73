/**
 * A proposal's validity is a calendar day in the agency's time zone (Mexico City): it can be
 * accepted through the whole of its valid-until day there and expires when that day is over.
 */
export const agencyTimeZone = 'America/Mexico_City'

/** How long a new proposal is valid unless the agency picks another day. */
export const defaultValidityDays = 30
/** The furthest valid-until day a proposal may have, from today. */
export const maxValidityDays = 365

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

/** The valid-until day a new proposal gets: 30 days from today in Mexico City. */
export function defaultValidUntil(now: Date): string {
  return addDays(agencyDay(now), defaultValidityDays)
}

/** Whether a proposal valid until `validUntil` (YYYY-MM-DD) has expired at `now`. */
export function isPastValidity(validUntil: string, now: Date): boolean {
  return agencyDay(now) > validUntil
}
