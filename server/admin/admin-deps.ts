import type { AgencyDeps } from '../http/agency-deps'

/** The admin inbox's dependencies: the agency's, and its clock. */
export type AdminDeps = AgencyDeps & {
  /** AGENCY_TIME_ZONE: the exports give times as the agency's clocks show them. */
  readonly agencyTimeZone: string
}
