import type { AgencyDeps } from '../http/agency-deps'

/** The admin inbox's dependencies: the agency's (its clock included). */
export type AdminDeps = AgencyDeps
