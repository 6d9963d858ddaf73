import { queryOptions } from '@tanstack/react-query'
import type { ListPage } from '../../../../domain/api/api-contract'
import type { AdminTab } from '../../../../domain/requests/admin-search'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** The inbox's server reads sit under the session's key: signing out removes them. */
export const adminQueryKey = [...meQueryKey, 'admin'] as const

/** A page of one inbox list as the filters ask (`adminListQuery`), under the inbox's key. */
function listQueryOptions<Item>(
  list: AdminTab,
  query: Record<string, string>,
  read: () => Promise<ListPage<Item>>,
) {
  return queryOptions({ queryKey: [...adminQueryKey, list, query], queryFn: read })
}
export type ListQueryOptions<Item> = ReturnType<typeof listQueryOptions<Item>>

export function requestListQueryOptions(query: Record<string, string>) {
  return listQueryOptions('requests', query, () => callEndpoint('adminServiceRequests', { query }))
}

export function enquiryListQueryOptions(query: Record<string, string>) {
  return listQueryOptions('enquiries', query, () => callEndpoint('adminEnquiries', { query }))
}

/** A page of the receivables (every instalment), with its open balance and overdue count. */
export function receivableListQueryOptions(query: Record<string, string>) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'receivables', query],
    queryFn: () => callEndpoint('adminReceivables', { query }),
  })
}

/** One enquiry, for its detail view. */
export function enquiryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'enquiry', id],
    queryFn: () => callEndpoint('adminEnquiry', { id }),
  })
}

/** One service request with its client and history, for its detail view. */
export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'request', id],
    queryFn: () => callEndpoint('adminServiceRequest', { id }),
  })
}
