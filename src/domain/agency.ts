import { msg } from '@lingui/core/macro'

/**
 * How to reach the agency, written once: the contact page, the contact form's fallback, the
 * privacy notice and the server's default AGENCY_EMAIL (where enquiries are mailed) read it.
 */
export const agency = {
  email: 'hola@puentedigital.mx',
  phone: { shown: '+52 55 4170 2386', dialled: '+525541702386' },
  officeHours: msg`Monday to Friday, 9:00 to 18:00 (Mexico City time)`,
} as const
