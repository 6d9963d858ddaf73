import type { SlideData } from '../content-schemas'

/** The home page's three slides, as the site showed them before they became content. */
export const seedSlides: readonly SlideData[] = [
  {
    title: {
      en: 'A digital bridge to your customers, in English and in Spanish',
      es: 'Un puente digital hacia tus clientes, en español y en inglés',
    },
    subtitle: {
      en: 'About us',
      es: 'Quiénes somos',
    },
    paragraph: {
      en: 'We design and build websites that speak to both of your audiences natively, with one team from the first call to launch day.',
      es: 'Diseñamos y construimos sitios web que les hablan a tus dos públicos de forma nativa, con un solo equipo desde la primera llamada hasta el día del lanzamiento.',
    },
    buttonText: {
      en: 'Meet the team',
      es: 'Conoce al equipo',
    },
    buttonLink: {
      en: '/about',
      es: '/about',
    },
    image: {
      asset: 'hero-bridge',
      fileId: null,
      alt: {
        en: 'Two browser windows joined by a suspension bridge',
        es: 'Dos ventanas de navegador unidas por un puente colgante',
      },
    },
    order: 0,
  },
  {
    title: {
      en: 'Design, development and growth under one roof',
      es: 'Diseño, desarrollo y crecimiento en un solo lugar',
    },
    subtitle: {
      en: 'Services',
      es: 'Servicios',
    },
    paragraph: {
      en: 'From UX research and design systems to SEO, hosting and custom software, every service is planned with the others in mind.',
      es: 'Desde la investigación UX y los sistemas de diseño hasta el SEO, el alojamiento y el software a medida, cada servicio se planea pensando en los demás.',
    },
    buttonText: {
      en: 'Explore our services',
      es: 'Explora nuestros servicios',
    },
    buttonLink: {
      en: '/services',
      es: '/servicios',
    },
    image: {
      asset: 'hero-design',
      fileId: null,
      alt: {
        en: 'A page layout on a design canvas, with a colour palette and a pen tool',
        es: 'Un diseño de página en un lienzo, con una paleta de colores y una pluma de dibujo',
      },
    },
    order: 1,
  },
  {
    title: {
      en: 'Software your team will enjoy using',
      es: 'Software que tu equipo disfrutará usar',
    },
    subtitle: {
      en: 'Web applications',
      es: 'Aplicaciones web',
    },
    paragraph: {
      en: 'Dashboards, portals and internal tools built as fast, accessible web applications, tested every week and released with care.',
      es: 'Paneles, portales y herramientas internas hechos como aplicaciones web rápidas y accesibles, probados cada semana y publicados con cuidado.',
    },
    buttonText: {
      en: 'Start your web application',
      es: 'Empieza tu aplicación web',
    },
    buttonLink: {
      en: '/contact',
      es: '/servicios/aplicaciones-web',
    },
    image: {
      asset: 'hero-dashboard',
      fileId: null,
      alt: {
        en: 'An application dashboard with charts, next to its source code',
        es: 'Un panel de aplicación con gráficas, junto a su código fuente',
      },
    },
    order: 2,
  },
]
