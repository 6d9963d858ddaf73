import { describe, expect, it } from 'vitest'
import { agency } from '../agency'
import { professionalService } from './agency-structured-data'

describe('the agency as a ProfessionalService', () => {
  const data = professionalService()

  it('names the business, its address, telephone, hours, area and languages', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: 'Puente Digital',
      url: '/',
      logo: '/icons/icon-512.png',
      telephone: '+525541702386',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Colima 178, int. 3',
        addressLocality: 'Ciudad de México',
        addressRegion: 'CDMX',
        postalCode: '06700',
        addressCountry: 'MX',
      },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [
            'https://schema.org/Monday',
            'https://schema.org/Tuesday',
            'https://schema.org/Wednesday',
            'https://schema.org/Thursday',
            'https://schema.org/Friday',
          ],
          opens: '09:00',
          closes: '18:00',
        },
      ],
      areaServed: [
        { '@type': 'Country', name: 'Mexico', identifier: 'MX' },
        { '@type': 'Country', name: 'United States', identifier: 'US' },
      ],
      knowsLanguage: ['es', 'en'],
    })
  })

  it('says the address the footer says, in parts', () => {
    const { postalAddress: parts } = agency
    expect(agency.address[0]).toBe(parts.street)
    expect(agency.address[2]).toBe(`${parts.postalCode} ${parts.locality}, ${parts.region}`)
    // E.164: a telephone search engines can dial.
    expect(data.telephone).toMatch(/^\+[1-9]\d{7,14}$/)
  })
})
