import type { TestimonialData } from '../content-schemas'
import { seedIds } from './seed-ids'

/** Four testimonials the site ships with (invented clients, as the case studies). */
export const seedTestimonials: readonly (TestimonialData & { readonly id: string })[] = [
  {
    id: seedIds.quoteCafeAltura,
    quote: {
      en: 'We used to close the day matching bank transfers to orders. Now the shop does it, and we spend that time roasting.',
      es: 'Antes cerrábamos el día cuadrando transferencias con pedidos. Ahora lo hace la tienda, y ese tiempo lo dedicamos a tostar.',
    },
    person: 'Rosa Méndez',
    role: { en: 'Co-founder', es: 'Cofundadora' },
    company: 'Café Altura',
    consentDate: '2026-03-18',
    caseStudyId: seedIds.cafeAltura,
  },
  {
    id: seedIds.quoteSonrie,
    quote: {
      en: 'They sat with our patients before designing anything. Our oldest patients book on their own now, and the phones are finally quiet.',
      es: 'Se sentaron con nuestros pacientes antes de diseñar nada. Hoy hasta los pacientes mayores agendan solos, y por fin el teléfono descansa.',
    },
    person: 'Dra. Gabriela Treviño',
    role: { en: 'Clinical director', es: 'Directora clínica' },
    company: 'Clínica Dental Sonríe',
    consentDate: '2026-05-06',
    caseStudyId: seedIds.sonrie,
  },
  {
    id: seedIds.quoteSierraNorte,
    quote: {
      en: 'Our customers’ auditors found nothing to fix, and we invoice the same day we deliver. That changed our cash flow.',
      es: 'Los auditores de nuestros clientes no encontraron nada que corregir, y facturamos el mismo día que entregamos. Eso cambió nuestro flujo de caja.',
    },
    person: 'Ing. Raúl Garza',
    role: { en: 'Operations manager', es: 'Gerente de operaciones' },
    company: 'Transportes Sierra Norte',
    consentDate: '2026-08-21',
    caseStudyId: seedIds.sierraNorte,
  },
  {
    id: seedIds.quoteJacaranda,
    quote: {
      en: 'Half our guests come from abroad. The new site speaks to them as well as it speaks to our guests from Mexico, and direct bookings have grown every month.',
      es: 'La mitad de nuestros huéspedes viene del extranjero. El sitio nuevo les habla tan bien como a nuestros huéspedes de México, y las reservas directas crecen cada mes.',
    },
    person: 'Elena Cruz',
    role: { en: 'Owner', es: 'Propietaria' },
    company: 'Hotel Casa Jacaranda, Oaxaca',
    consentDate: '2026-02-09',
    caseStudyId: null,
  },
]
