/**
 * How to reach the agency, written once: the contact page, the contact form's fallback, the
 * privacy notice and the server's default AGENCY_EMAIL (where enquiries are mailed) read it.
 * No translated text here: the server's configuration (and `npm run admin:grant`, which runs
 * without the Lingui compiler) imports this file; the office hours are in agency-hours.ts.
 */
export const agency = {
  /** The name every mail's frame and sender carry. */
  name: 'Puente Digital',
  email: 'hola@puentedigital.mx',
  /** The team's working language: its mails (enquiries, requests) are written in it. */
  language: 'es',
  phone: { shown: '+52 55 4170 2386', dialled: '+525541702386' },
  /** The office's postal address, in the Mexican order (street and number, colonia, postcode and city). */
  address: ['Colima 178, int. 3', 'Roma Norte, Cuauhtémoc', '06700 Ciudad de México, CDMX'],
} as const
