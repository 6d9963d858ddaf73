import type { ContactInput } from '../leads/contact-schema'
import { apiPrefix, endpoint } from './endpoint'

/** `/api/v1/contact`: a visitor's enquiry. */
export const contactEndpoints = {
  /** A message caught by the spam rules is answered alike and dropped. */
  contact: endpoint<ContactInput>()({
    method: 'POST',
    path: `${apiPrefix}/contact`,
    status: 201,
    failures: ['invalid_fields'],
  }),
}
