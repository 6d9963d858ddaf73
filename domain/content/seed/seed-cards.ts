import type { CardData } from '../content-schemas'

/** The home page's four cards, as the site showed them before they became content. */
export const seedCards: readonly CardData[] = [
  {
    image: {
      asset: 'card-code',
      fileId: null,
      alt: {
        en: 'A code editor beside a live preview of the page',
        es: 'Un editor de código junto a la vista previa de la página',
      },
    },
    badgeIcon: 'star',
    badge: {
      en: 'Featured',
      es: 'Destacado',
    },
    title: {
      en: 'Web development that lasts',
      es: 'Desarrollo web que perdura',
    },
    description: {
      en: 'Fast, accessible sites built on open standards, with code you own and can hand to any team.',
      es: 'Sitios rápidos y accesibles construidos con estándares abiertos, con código que es tuyo y que puedes entregar a cualquier equipo.',
    },
    buttonText: {
      en: 'Learn more',
      es: 'Conoce más',
    },
    link: {
      en: '/services/web-development',
      es: '/servicios/desarrollo-web',
    },
    order: 0,
  },
  {
    image: {
      asset: 'card-ux',
      fileId: null,
      alt: {
        en: 'Three phone screens linked by a user flow, with sticky notes',
        es: 'Tres pantallas de teléfono unidas por un flujo de usuario, con notas adhesivas',
      },
    },
    badgeIcon: 'trend',
    badge: {
      en: 'Most requested',
      es: 'Más solicitado',
    },
    title: {
      en: 'UX design grounded in research',
      es: 'Diseño UX basado en investigación',
    },
    description: {
      en: 'We map how your customers really move through your site and remove every step that gets in their way.',
      es: 'Trazamos cómo se mueven de verdad tus clientes por tu sitio y quitamos cada paso que les estorba.',
    },
    buttonText: {
      en: 'Learn more',
      es: 'Conoce más',
    },
    link: {
      en: '/services/ux-design',
      es: '/servicios/diseno-ux',
    },
    order: 1,
  },
  {
    image: {
      asset: 'card-seo',
      fileId: null,
      alt: {
        en: 'Search results with yours on top, and a rising traffic chart',
        es: 'Resultados de búsqueda con el tuyo en primer lugar, y una gráfica de visitas en aumento',
      },
    },
    badgeIcon: '',
    badge: {
      en: '',
      es: '',
    },
    title: {
      en: 'SEO that brings the right visitors',
      es: 'SEO que atrae a los visitantes correctos',
    },
    description: {
      en: 'Technical fixes, content and reporting in both languages, so people find you when they search.',
      es: 'Correcciones técnicas, contenido e informes en ambos idiomas, para que te encuentren cuando buscan.',
    },
    buttonText: {
      en: 'Learn more',
      es: 'Conoce más',
    },
    link: {
      en: '/services/seo',
      es: '/servicios/posicionamiento-seo',
    },
    order: 2,
  },
  {
    image: {
      asset: 'card-servers',
      fileId: null,
      alt: {
        en: 'A rack of healthy servers, a backup cloud and a security shield',
        es: 'Un rack de servidores en buen estado, una nube de respaldo y un escudo de seguridad',
      },
    },
    badgeIcon: '',
    badge: {
      en: '',
      es: '',
    },
    title: {
      en: 'Maintenance and peace of mind',
      es: 'Mantenimiento y tranquilidad',
    },
    description: {
      en: 'Updates, backups, monitoring and security patches every month, with a person who answers when something breaks.',
      es: 'Actualizaciones, respaldos, monitoreo y parches de seguridad cada mes, con una persona que responde cuando algo falla.',
    },
    buttonText: {
      en: 'Learn more',
      es: 'Conoce más',
    },
    link: {
      en: '/services/web-maintenance',
      es: '/servicios/mantenimiento-web',
    },
    order: 3,
  },
]
