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
  /** The same address in parts, as search engines read it (`ProfessionalService`). */
  postalAddress: {
    street: 'Colima 178, int. 3',
    locality: 'Ciudad de México',
    /** The state's abbreviation. */
    region: 'CDMX',
    postalCode: '06700',
    /** ISO 3166-1 alpha-2. */
    country: 'MX',
  },
  /** The office hours in the agency's time zone (agency-hours.ts says them in words). */
  hours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '18:00',
  },
  /** Where the agency takes clients (ISO 3166-1 alpha-2): Mexico, and the United States. */
  areaServed: ['MX', 'US'],
  /** The languages it works in (BCP 47), the team's first. */
  languages: ['es', 'en'],
  /** The square logo the site ships (public/icons). */
  logo: '/icons/icon-512.png',
} as const
