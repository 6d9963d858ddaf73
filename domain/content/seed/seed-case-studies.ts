import type { CaseStudyData } from '../content-schemas'
import { seedIds } from './seed-ids'

/**
 * Three case studies the site ships with: invented clients, with results of the size such
 * projects bring. The agency replaces them with its own in /admin.
 */
export const seedCaseStudies: readonly (CaseStudyData & { readonly id: string })[] = [
  {
    id: seedIds.cafeAltura,
    client: 'Café Altura',
    sector: {
      en: 'Specialty coffee roaster, Xalapa',
      es: 'Tostador de café de especialidad, Xalapa',
    },
    services: ['e-commerce', 'seo', 'web-design'],
    situation: {
      en: 'Café Altura roasts coffee from growers in the Veracruz highlands and sold it by WhatsApp and at two markets. Orders arrived as photos of bank transfers, and the family spent evenings matching them to sacks.',
      es: 'Café Altura tuesta café de productores de las altas montañas de Veracruz y lo vendía por WhatsApp y en dos mercados. Los pedidos llegaban como fotos de transferencias y la familia pasaba las tardes cuadrándolos con los costales.',
    },
    constraint: {
      en: 'A budget for one season, customers who mostly buy from their phones on slow connections, and shipping rates that change with the weight and the state.',
      es: 'Presupuesto para una sola temporada, clientes que compran casi siempre desde el celular con conexiones lentas y tarifas de envío que cambian con el peso y el estado.',
    },
    approach: {
      en: 'We built a small shop with card, OXXO and SPEI payments, shipping quoted at checkout, and subscriptions for monthly bags. Each coffee got a page about its farm and altitude, written in Spanish and in English for buyers in the United States.',
      es: 'Construimos una tienda pequeña con pagos con tarjeta, OXXO y SPEI, envío cotizado al pagar y suscripciones de bolsas mensuales. Cada café tiene una página sobre su finca y su altura, escrita en español y en inglés para compradores en Estados Unidos.',
    },
    outcome: {
      en: 'Online orders tripled in the first six months, and subscriptions now cover the roaster’s fixed costs. Nobody matches transfers by hand any more.',
      es: 'Los pedidos en línea se triplicaron en los primeros seis meses y las suscripciones ya cubren los costos fijos del tostador. Nadie vuelve a cuadrar transferencias a mano.',
    },
    results: [
      {
        figure: '+212 %',
        label: { en: 'online orders in six months', es: 'pedidos en línea en seis meses' },
      },
      {
        figure: '1.6 s',
        label: { en: 'to show a product page on 4G', es: 'para mostrar un producto en 4G' },
      },
      {
        figure: '38 %',
        label: { en: 'of sales from organic search', es: 'de las ventas desde búsqueda orgánica' },
      },
      { figure: '410', label: { en: 'monthly subscribers', es: 'suscriptores mensuales' } },
    ],
    gallery: [],
    testimonialId: seedIds.quoteCafeAltura,
    featured: true,
    slug: { en: 'cafe-altura-online-shop', es: 'tienda-en-linea-cafe-altura' },
  },
  {
    id: seedIds.sonrie,
    client: 'Clínica Dental Sonríe',
    sector: { en: 'Dental clinics, Querétaro', es: 'Clínicas dentales, Querétaro' },
    services: ['ux-design', 'web-applications', 'user-testing'],
    situation: {
      en: 'Three clinics booked every appointment by phone. Receptionists spent the morning on calls, and one patient in five did not come, leaving chairs empty.',
      es: 'Tres clínicas agendaban todas sus citas por teléfono. Las recepcionistas pasaban la mañana en llamadas y uno de cada cinco pacientes no llegaba, dejando sillones vacíos.',
    },
    constraint: {
      en: 'Many patients are over sixty, the clinics keep their agenda in a desktop program that could not be replaced, and health data had to stay in Mexico.',
      es: 'Muchos pacientes tienen más de sesenta años, las clínicas llevan la agenda en un programa de escritorio que no se podía cambiar y los datos de salud debían quedarse en México.',
    },
    approach: {
      en: 'We tested the booking flow with twelve patients before writing code, then built a web application that reads and writes the clinics’ agenda, with large type, three steps, and reminders by WhatsApp the day before.',
      es: 'Probamos el flujo de reserva con doce pacientes antes de programar y luego construimos una aplicación web que lee y escribe la agenda de las clínicas, con letra grande, tres pasos y recordatorios por WhatsApp el día anterior.',
    },
    outcome: {
      en: 'Most appointments are now booked online, no-shows fell by almost half, and reception answers the calls that need a person.',
      es: 'La mayoría de las citas ya se agenda en línea, las inasistencias bajaron casi a la mitad y recepción atiende las llamadas que sí necesitan a una persona.',
    },
    results: [
      { figure: '−43 %', label: { en: 'missed appointments', es: 'citas perdidas' } },
      {
        figure: '61 %',
        label: { en: 'of appointments booked online', es: 'de las citas agendadas en línea' },
      },
      {
        figure: '2,300',
        label: { en: 'bookings in the first quarter', es: 'reservas en el primer trimestre' },
      },
    ],
    gallery: [],
    testimonialId: seedIds.quoteSonrie,
    featured: true,
    slug: { en: 'sonrie-dental-online-booking', es: 'citas-en-linea-sonrie' },
  },
  {
    id: seedIds.sierraNorte,
    client: 'Transportes Sierra Norte',
    sector: {
      en: 'Freight and logistics, Monterrey',
      es: 'Transporte de carga y logística, Monterrey',
    },
    services: ['custom-software', 'web-security', 'cloud-solutions'],
    situation: {
      en: 'A fleet of 140 trucks between Monterrey, Saltillo and Laredo. Customers called to ask where their freight was, and proofs of delivery travelled on paper for days before an invoice could be sent.',
      es: 'Una flota de 140 tractocamiones entre Monterrey, Saltillo y Nuevo Laredo. Los clientes llamaban para saber dónde iba su carga y las evidencias de entrega viajaban en papel durante días antes de poder facturar.',
    },
    constraint: {
      en: 'Drivers cross areas without signal, the portal had to meet the customers’ security audits, and the existing GPS provider could not change.',
      es: 'Los operadores cruzan zonas sin señal, el portal debía pasar las auditorías de seguridad de los clientes y el proveedor de GPS no podía cambiar.',
    },
    approach: {
      en: 'A customer portal with live positions from the GPS provider, and a driver app that stores the signed proof of delivery offline and sends it when the signal returns. Access by company with two-factor sign-in, reviewed by an outside auditor.',
      es: 'Un portal para clientes con posiciones en vivo del proveedor de GPS y una app para operadores que guarda la evidencia firmada sin conexión y la envía al volver la señal. Acceso por empresa con doble factor, revisado por un auditor externo.',
    },
    outcome: {
      en: 'Customers follow their freight themselves, invoices go out the day of delivery, and the portal passed two customers’ audits at the first attempt.',
      es: 'Los clientes siguen su carga por su cuenta, las facturas salen el mismo día de la entrega y el portal aprobó las auditorías de dos clientes al primer intento.',
    },
    results: [
      {
        figure: '−35 %',
        label: { en: 'calls to customer service', es: 'llamadas a servicio al cliente' },
      },
      {
        figure: '40 s',
        label: {
          en: 'from delivery to proof on file (was 3 days)',
          es: 'de la entrega a la evidencia archivada (antes 3 días)',
        },
      },
      {
        figure: '99.95 %',
        label: { en: 'portal availability over a year', es: 'disponibilidad del portal en un año' },
      },
      {
        figure: '9 days',
        label: { en: 'shorter collection period', es: 'menos en el plazo de cobranza' },
      },
    ],
    gallery: [],
    testimonialId: seedIds.quoteSierraNorte,
    featured: false,
    slug: { en: 'sierra-norte-freight-portal', es: 'portal-de-carga-sierra-norte' },
  },
]
