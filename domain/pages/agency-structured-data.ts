import { agency } from '../agency'

/** The countries the agency serves, by name (schema.org `Country`). */
const countryNames: Readonly<Record<(typeof agency.areaServed)[number], string>> = {
  MX: 'Mexico',
  US: 'United States',
}

/**
 * The agency as a business, for search engines: schema.org `ProfessionalService` JSON-LD (the
 * home page and /contact carry it) from the agency's facts (agency.ts). Addresses are the site's
 * own (`/`, the logo), resolved against the page's, as the other structured data's are.
 */
export function professionalService(): Record<string, unknown> {
  const { postalAddress: address, hours } = agency
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: agency.name,
    url: '/',
    logo: agency.logo,
    image: agency.logo,
    email: agency.email,
    telephone: agency.phone.dialled,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
        opens: hours.opens,
        closes: hours.closes,
      },
    ],
    areaServed: agency.areaServed.map((code) => ({
      '@type': 'Country',
      name: countryNames[code],
      identifier: code,
    })),
    knowsLanguage: [...agency.languages],
  }
}
