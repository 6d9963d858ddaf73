import type { FaqData } from '../content-schemas'

/** Each service area's three questions, as the service pages showed them. */
export const seedFaqs: readonly FaqData[] = [
  {
    area: 'web-development',
    question: {
      en: 'How long does a website take?',
      es: '¿Cuánto tarda un sitio web?',
    },
    answer: {
      en: 'A marketing site usually takes six to ten weeks from the first call to launch; a web application is planned in stages of four to six weeks, each ending with something you can use.',
      es: 'Un sitio de presentación suele llevar de seis a diez semanas desde la primera llamada hasta el lanzamiento; una aplicación web se planea por etapas de cuatro a seis semanas, y cada una termina con algo que ya puedes usar.',
    },
    order: 0,
  },
  {
    area: 'web-development',
    question: {
      en: 'Who owns the code?',
      es: '¿De quién es el código?',
    },
    answer: {
      en: 'You do. The repository, the designs and the accounts are in your name from the start, and we hand over documentation your team or another agency can work from.',
      es: 'Tuyo. El repositorio, los diseños y las cuentas están a tu nombre desde el principio, y entregamos documentación con la que tu equipo u otra agencia pueden trabajar.',
    },
    order: 1,
  },
  {
    area: 'web-development',
    question: {
      en: 'Can you work with our existing site or team?',
      es: '¿Pueden trabajar con nuestro sitio o nuestro equipo actual?',
    },
    answer: {
      en: 'Yes. We often join an in-house team or take over a site another studio built; we start with a short review so we know what we are inheriting.',
      es: 'Sí. A menudo nos sumamos a un equipo interno o retomamos un sitio que hizo otro estudio; empezamos con una revisión breve para saber qué recibimos.',
    },
    order: 2,
  },
  {
    area: 'ux-ui-design',
    question: {
      en: 'Do we need research before design?',
      es: '¿Hace falta investigar antes de diseñar?',
    },
    answer: {
      en: 'A little always pays: a week of interviews and a look at your analytics usually change what we design. We size the research to the decisions it has to support.',
      es: 'Un poco siempre vale la pena: una semana de entrevistas y una mirada a tus analíticas suelen cambiar lo que diseñamos. Ajustamos la investigación a las decisiones que debe respaldar.',
    },
    order: 0,
  },
  {
    area: 'ux-ui-design',
    question: {
      en: 'What do we receive at the end?',
      es: '¿Qué recibimos al final?',
    },
    answer: {
      en: 'Editable design files, a clickable prototype, the components and their states, and notes developers can build from, whoever builds it.',
      es: 'Archivos de diseño editables, un prototipo navegable, los componentes con sus estados y notas para que cualquier equipo de desarrollo pueda construirlo.',
    },
    order: 1,
  },
  {
    area: 'ux-ui-design',
    question: {
      en: 'Is accessibility part of the design?',
      es: '¿La accesibilidad forma parte del diseño?',
    },
    answer: {
      en: 'Always. Colours, type, focus states and reading order are checked against WCAG 2.2 AA while we design, not fixed afterwards.',
      es: 'Siempre. Colores, tipografía, estados de foco y orden de lectura se revisan con las pautas WCAG 2.2 AA mientras diseñamos, no después.',
    },
    order: 2,
  },
  {
    area: 'seo-marketing',
    question: {
      en: 'When will we see results?',
      es: '¿Cuándo veremos resultados?',
    },
    answer: {
      en: 'Paid campaigns bring visits within days; organic search usually needs three to six months to move. We report monthly on both, in plain numbers.',
      es: 'Las campañas de pago traen visitas en días; el posicionamiento orgánico suele necesitar de tres a seis meses para moverse. Informamos de ambos cada mes, con cifras claras.',
    },
    order: 0,
  },
  {
    area: 'seo-marketing',
    question: {
      en: 'Do you work in both languages?',
      es: '¿Trabajan en los dos idiomas?',
    },
    answer: {
      en: 'Yes. Keywords, adverts and newsletters are written natively in Spanish and in English, because people search differently in each.',
      es: 'Sí. Palabras clave, anuncios y boletines se escriben de origen en español y en inglés, porque la gente busca distinto en cada idioma.',
    },
    order: 1,
  },
  {
    area: 'seo-marketing',
    question: {
      en: 'Do you guarantee first place?',
      es: '¿Garantizan el primer lugar?',
    },
    answer: {
      en: 'No one honestly can. We promise the work — technical fixes, content and links — and we show what it changed.',
      es: 'Nadie puede prometerlo con honestidad. Nosotros nos comprometemos con el trabajo —correcciones técnicas, contenido y enlaces— y mostramos lo que cambió.',
    },
    order: 2,
  },
  {
    area: 'maintenance-support',
    question: {
      en: 'How fast do you answer when something breaks?',
      es: '¿Qué tan rápido responden cuando algo falla?',
    },
    answer: {
      en: 'Within one business hour during office hours; plans with out-of-hours cover answer an outage within thirty minutes, day or night.',
      es: 'En menos de una hora hábil dentro del horario de oficina; los planes con guardia fuera de horario atienden una caída en menos de treinta minutos, de día o de noche.',
    },
    order: 0,
  },
  {
    area: 'maintenance-support',
    question: {
      en: 'Can you look after a site you did not build?',
      es: '¿Pueden cuidar un sitio que no construyeron ustedes?',
    },
    answer: {
      en: 'Yes. We start with an audit and a full backup, then fix what is urgent before taking the site into a regular plan.',
      es: 'Sí. Empezamos con una auditoría y un respaldo completo, corregimos lo urgente y luego incorporamos el sitio a un plan regular.',
    },
    order: 1,
  },
  {
    area: 'maintenance-support',
    question: {
      en: 'Where are backups kept?',
      es: '¿Dónde se guardan los respaldos?',
    },
    answer: {
      en: 'In a second provider and region, encrypted, with a restore tested every quarter so we know they work.',
      es: 'En un segundo proveedor y en otra región, cifrados, y cada trimestre probamos una restauración para saber que funcionan.',
    },
    order: 2,
  },
  {
    area: 'advanced-solutions',
    question: {
      en: 'How do you estimate a custom project?',
      es: '¿Cómo estiman un proyecto a medida?',
    },
    answer: {
      en: 'We start with a paid discovery of two to three weeks that ends in a plan, a prototype of the riskiest part and a range of cost you can decide on.',
      es: 'Empezamos con una fase de descubrimiento pagada de dos a tres semanas que termina en un plan, un prototipo de la parte más riesgosa y un rango de costo sobre el que puedes decidir.',
    },
    order: 0,
  },
  {
    area: 'advanced-solutions',
    question: {
      en: 'Which cloud or platform do you use?',
      es: '¿Qué nube o plataforma usan?',
    },
    answer: {
      en: 'The one that suits your team and budget. We work with the major clouds and with simple servers, and we avoid lock-in you did not choose.',
      es: 'La que mejor se adapte a tu equipo y a tu presupuesto. Trabajamos con las nubes principales y con servidores sencillos, y evitamos dependencias que no hayas elegido.',
    },
    order: 1,
  },
  {
    area: 'advanced-solutions',
    question: {
      en: 'How is security handled?',
      es: '¿Cómo se maneja la seguridad?',
    },
    answer: {
      en: 'From the first design: threat modelling, least privilege, dependency updates and a review by a second engineer before anything reaches production.',
      es: 'Desde el primer diseño: modelado de amenazas, mínimos privilegios, dependencias al día y la revisión de un segundo ingeniero antes de que algo llegue a producción.',
    },
    order: 2,
  },
]
