import type { QueryClient } from '@tanstack/react-query'
import type { AccountUser } from '../../../domain/api/api-contract'

/**
 * What the requests' pages need of the session, which the account feature owns: the route
 * hands over the router's session slot, and these pages read it through this shape only.
 */
export type RequestsSession = {
  load(): Promise<{
    readonly queryClient: QueryClient
    check(): Promise<{ readonly user: AccountUser | undefined }>
  }>
}
