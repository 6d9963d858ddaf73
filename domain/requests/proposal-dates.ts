import { addDays, agencyDay } from '../agency-day'

/**
 * A proposal's validity is a calendar day in the agency's time zone (Mexico City,
 * `domain/agency-day.ts`): it can be accepted through the whole of its valid-until day there
 * and expires when that day is over.
 */
export { addDays, agencyDay, agencyTimeZone } from '../agency-day'

/** How long a new proposal is valid unless the agency picks another day. */
export const defaultValidityDays = 30
/** The furthest valid-until day a proposal may have, from today. */
export const maxValidityDays = 365

/** The valid-until day a new proposal gets: 30 days from today in Mexico City. */
export function defaultValidUntil(now: Date): string {
  return addDays(agencyDay(now), defaultValidityDays)
}

/** Whether a proposal valid until `validUntil` (YYYY-MM-DD) has expired at `now`. */
export function isPastValidity(validUntil: string, now: Date): boolean {
  return agencyDay(now) > validUntil
}
