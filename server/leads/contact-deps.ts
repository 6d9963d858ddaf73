import type { AuthDeps } from '../auth/auth-env'

/** The contact endpoint's dependencies: the API's, plus where enquiries are mailed. */
export type ContactDeps = AuthDeps & {
  /** AGENCY_EMAIL: the agency's inbox, which receives a copy of every enquiry. */
  readonly agencyEmail: string
}
