import type { TeamMemberData } from '../content-schemas'

/** The five people on /about, in the order a client meets them. */
export const seedTeam: readonly TeamMemberData[] = [
  {
    name: 'Lucía Ramírez',
    role: {
      en: 'Founder and project lead',
      es: 'Fundadora y directora de proyectos',
    },
    bio: {
      en: 'Leads every project from the first call to launch, and keeps the plan honest.',
      es: 'Dirige cada proyecto desde la primera llamada hasta el lanzamiento, y mantiene el plan realista.',
    },
    image: {
      asset: 'lucia-ramirez',
      fileId: null,
      alt: {
        en: 'Illustrated portrait of Lucía Ramírez',
        es: 'Retrato ilustrado de Lucía Ramírez',
      },
    },
    order: 0,
  },
  {
    name: 'Mariana Ortega',
    role: {
      en: 'UX and interface designer',
      es: 'Diseñadora UX y de interfaces',
    },
    bio: {
      en: 'Turns interviews and analytics into interfaces people understand at first sight.',
      es: 'Convierte entrevistas y analíticas en interfaces que se entienden a primera vista.',
    },
    image: {
      asset: 'mariana-ortega',
      fileId: null,
      alt: {
        en: 'Illustrated portrait of Mariana Ortega',
        es: 'Retrato ilustrado de Mariana Ortega',
      },
    },
    order: 1,
  },
  {
    name: 'Diego Hernández',
    role: {
      en: 'Lead engineer',
      es: 'Ingeniero principal',
    },
    bio: {
      en: 'Builds the front and back ends, and sets the tests and budgets that keep them fast.',
      es: 'Construye el front-end y el back-end, y define las pruebas y los presupuestos que los mantienen rápidos.',
    },
    image: {
      asset: 'diego-hernandez',
      fileId: null,
      alt: {
        en: 'Illustrated portrait of Diego Hernández',
        es: 'Retrato ilustrado de Diego Hernández',
      },
    },
    order: 2,
  },
  {
    name: 'Andrés Villalobos',
    role: {
      en: 'SEO and content strategist',
      es: 'Estratega de SEO y contenidos',
    },
    bio: {
      en: 'Writes and plans content in both languages, and measures what it brings in.',
      es: 'Planea y escribe contenido en los dos idiomas, y mide lo que aporta.',
    },
    image: {
      asset: 'andres-villalobos',
      fileId: null,
      alt: {
        en: 'Illustrated portrait of Andrés Villalobos',
        es: 'Retrato ilustrado de Andrés Villalobos',
      },
    },
    order: 3,
  },
  {
    name: 'Sofía Castañeda',
    role: {
      en: 'Support and operations',
      es: 'Soporte y operaciones',
    },
    bio: {
      en: 'Looks after hosting, backups and updates, and answers when something goes wrong.',
      es: 'Cuida el alojamiento, los respaldos y las actualizaciones, y responde cuando algo falla.',
    },
    image: {
      asset: 'sofia-castaneda',
      fileId: null,
      alt: {
        en: 'Illustrated portrait of Sofía Castañeda',
        es: 'Retrato ilustrado de Sofía Castañeda',
      },
    },
    order: 4,
  },
]
