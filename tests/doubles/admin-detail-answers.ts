import type { Enquiry, EnquiryBody, ListPage } from '../../domain/api/api-contract'
import { accepted, type HeldRead, readAs } from './api-answers'

/** What the inbox's enquiry detail reads, in the jsdom tests. */

export const anEnquiry: Enquiry = {
  id: 'enquiry-1',
  name: 'Lucía Hernández',
  email: 'lucia@example.com',
  phone: '',
  company: '',
  serviceId: null,
  budget: 'not-sure',
  message: 'We sell coffee in Puebla and would like an online shop.',
  locale: 'es',
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: null,
  likelySpam: false,
}

/** `/api/v1/admin/enquiries/:id` while `enquiry` is stored. */
export function enquiryDetailRead(enquiry: Enquiry): HeldRead<EnquiryBody> {
  return readAs<EnquiryBody>('adminEnquiry', { ...accepted(''), enquiry })
}

/** `/api/v1/admin/enquiries` showing `items`, all on the first page. */
export function enquiryListRead(items: readonly Enquiry[]): HeldRead<ListPage<Enquiry>> {
  return readAs<ListPage<Enquiry>>('adminEnquiries', {
    success: true,
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
  })
}
