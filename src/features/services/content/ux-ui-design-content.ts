import { msg } from '@lingui/core/macro'
import type { ServiceContent } from './service-content-type'

export const uxUiDesignContent = {
  'ux-design': {
    summary: msg({
      id: 'svc.ux-design.summary',
      message:
        'We design how your product or website works before deciding how it looks. Through research, flows and prototypes, we find out what people need and remove what gets in their way.',
    }),
    metaDescription: msg({
      id: 'svc.ux-design.meta',
      message:
        'UX design grounded in research: user interviews, journey maps, information architecture and tested prototypes that make products easier to use.',
    }),
    intro: msg({
      id: 'svc.ux-design.intro',
      message:
        'User experience design is about the decisions behind every screen: what comes first, what can wait and what should not be there at all. We start by understanding your users through interviews, analytics and a close look at how they use your product today. That research becomes journey maps, information architecture and task flows the whole team can discuss. We then prototype the key interactions and test them with real people, so the expensive decisions are made on evidence before development begins.',
    }),
    included: [
      msg({
        id: 'svc.ux-design.included.1',
        message: 'User interviews and an analysis of your existing analytics and support requests',
      }),
      msg({
        id: 'svc.ux-design.included.2',
        message: 'Personas based on what the research revealed, not on assumptions',
      }),
      msg({
        id: 'svc.ux-design.included.3',
        message: 'Journey maps and task flows for the most important scenarios',
      }),
      msg({
        id: 'svc.ux-design.included.4',
        message: 'Information architecture: navigation, labels and content grouping',
      }),
      msg({
        id: 'svc.ux-design.included.5',
        message: 'Interactive prototypes tested with users, with a summary of the findings',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.ux-design.step.1.title', message: 'Research' }),
        text: msg({
          id: 'svc.ux-design.step.1.text',
          message: 'We talk to users and stakeholders and review the data you already have.',
        }),
      },
      {
        title: msg({ id: 'svc.ux-design.step.2.title', message: 'Define the problems' }),
        text: msg({
          id: 'svc.ux-design.step.2.text',
          message:
            'We turn findings into clear problem statements and priorities the whole team agrees on.',
        }),
      },
      {
        title: msg({ id: 'svc.ux-design.step.3.title', message: 'Prototype solutions' }),
        text: msg({
          id: 'svc.ux-design.step.3.text',
          message:
            'We sketch and prototype flows, starting rough and adding detail as ideas prove themselves.',
        }),
      },
      {
        title: msg({ id: 'svc.ux-design.step.4.title', message: 'Validate and hand off' }),
        text: msg({
          id: 'svc.ux-design.step.4.text',
          message:
            'We test the prototypes with users, refine them and hand over documented flows for design and development.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.ux-design.audience',
      message:
        'Product teams whose users get stuck, drop off or call support for simple tasks, and companies planning a new product that want to test ideas before building them.',
    }),
    related: ['user-testing', 'ui-design', 'web-applications'],
  },
  'ui-design': {
    summary: msg({
      id: 'svc.ui-design.summary',
      message:
        'We design interfaces that are clear, consistent and pleasant to use, down to every state of every component. Your product feels like one coherent whole, and developers get designs they can implement precisely.',
    }),
    metaDescription: msg({
      id: 'svc.ui-design.meta',
      message:
        'UI design for websites and applications: clear visual hierarchy, accessible color and type, and every component state ready for development.',
    }),
    intro: msg({
      id: 'svc.ui-design.intro',
      message:
        'Interface design is where structure becomes something people see and touch. We set the visual hierarchy so the most important action on each screen is obvious, then design type, color, spacing and icons that reflect your brand and meet accessibility contrast standards. Beyond the happy path, we design empty, error, loading and disabled states, because that is where interfaces usually fall apart. Everything is built as reusable components, so new screens stay consistent long after our work is done.',
    }),
    included: [
      msg({
        id: 'svc.ui-design.included.1',
        message: 'A visual direction explored through style tiles or key screens',
      }),
      msg({
        id: 'svc.ui-design.included.2',
        message: 'High-fidelity screens for your core flows on mobile and desktop',
      }),
      msg({
        id: 'svc.ui-design.included.3',
        message: 'Component designs covering hover, focus, error, empty and loading states',
      }),
      msg({
        id: 'svc.ui-design.included.4',
        message: 'Color and type choices checked against WCAG contrast requirements',
      }),
      msg({
        id: 'svc.ui-design.included.5',
        message: 'Developer-ready files with specs, assets and interaction notes',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.ui-design.step.1.title', message: 'Set the direction' }),
        text: msg({
          id: 'svc.ui-design.step.1.text',
          message:
            'We explore two or three visual directions on a key screen and choose one together.',
        }),
      },
      {
        title: msg({ id: 'svc.ui-design.step.2.title', message: 'Design core screens' }),
        text: msg({
          id: 'svc.ui-design.step.2.text',
          message:
            'We apply the chosen direction to the main flows and refine it through review rounds.',
        }),
      },
      {
        title: msg({ id: 'svc.ui-design.step.3.title', message: 'Cover every state' }),
        text: msg({
          id: 'svc.ui-design.step.3.text',
          message: 'We design the edge cases and component states that real users will run into.',
        }),
      },
      {
        title: msg({ id: 'svc.ui-design.step.4.title', message: 'Prepare for build' }),
        text: msg({
          id: 'svc.ui-design.step.4.text',
          message:
            'We organize the files, export assets and review the implementation with developers.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.ui-design.audience',
      message:
        'Products with solid functionality but an inconsistent or dated interface, and teams that already have UX flows in place and need them turned into polished screens.',
    }),
    related: ['ux-design', 'design-systems', 'web-design'],
  },
  copywriting: {
    summary: msg({
      id: 'svc.copywriting.summary',
      message:
        'We write website copy that explains what you do, why it matters and what to do next, in the language your customers actually use. Clear words make every other part of the site work harder.',
    }),
    metaDescription: msg({
      id: 'svc.copywriting.meta',
      message:
        'Website copywriting in English and Spanish: clear headlines, persuasive service pages and microcopy that help visitors understand and act.',
    }),
    intro: msg({
      id: 'svc.copywriting.intro',
      message:
        'Visitors decide within seconds whether a page is for them, and they decide mostly by reading. We interview your team and, where possible, your customers to find the words people use for the problem you solve. Then we write headlines, page copy, calls to action and interface microcopy with a consistent voice and a clear structure that also serves search engines. We write natively in English and Spanish, so a bilingual site reads as if it were written for each audience, not translated for it.',
    }),
    included: [
      msg({
        id: 'svc.copywriting.included.1',
        message: 'A messaging framework: value proposition, key messages and the proof behind them',
      }),
      msg({
        id: 'svc.copywriting.included.2',
        message: 'A voice and tone guide your team can use for future content',
      }),
      msg({
        id: 'svc.copywriting.included.3',
        message: 'Copy for the home page, service or product pages and the about page',
      }),
      msg({
        id: 'svc.copywriting.included.4',
        message: 'Microcopy for buttons, forms, errors and confirmation messages',
      }),
      msg({
        id: 'svc.copywriting.included.5',
        message: 'Search-aware headings and meta descriptions for every page',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.copywriting.step.1.title', message: 'Listen first' }),
        text: msg({
          id: 'svc.copywriting.step.1.text',
          message:
            'We interview your team, read customer feedback and study how your competitors describe themselves.',
        }),
      },
      {
        title: msg({ id: 'svc.copywriting.step.2.title', message: 'Shape the message' }),
        text: msg({
          id: 'svc.copywriting.step.2.text',
          message: 'We agree on the value proposition and key messages before writing full pages.',
        }),
      },
      {
        title: msg({ id: 'svc.copywriting.step.3.title', message: 'Write and edit' }),
        text: msg({
          id: 'svc.copywriting.step.3.text',
          message:
            'We draft page by page, in context with the layouts, and revise with your comments.',
        }),
      },
      {
        title: msg({ id: 'svc.copywriting.step.4.title', message: 'Polish and deliver' }),
        text: msg({
          id: 'svc.copywriting.step.4.text',
          message:
            'We proofread, check headings and meta text, and deliver copy that is ready to publish.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.copywriting.audience',
      message:
        'Businesses that struggle to explain what they do in one sentence, and teams launching or redesigning a site who want the words ready before the design.',
    }),
    related: ['branding', 'landing-pages', 'seo'],
  },
  'user-testing': {
    summary: msg({
      id: 'svc.user-testing.summary',
      message:
        'We watch real people use your website or product and show you exactly where they hesitate, misunderstand or give up. You get clear findings and prioritized fixes, not a pile of opinions.',
    }),
    metaDescription: msg({
      id: 'svc.user-testing.meta',
      message:
        'Usability testing with real users: moderated sessions, task-based studies and prioritized findings that fix what stops people from converting.',
    }),
    intro: msg({
      id: 'svc.user-testing.intro',
      message:
        'Your team knows the product too well to see it the way a newcomer does. In user testing, we give representative users realistic tasks and observe what happens, either in moderated remote sessions or through unmoderated studies. We recruit participants who match your audience, write a neutral script and record every session. Afterwards we turn the observations into a concise report with video clips, severity ratings and specific recommendations your team can act on straight away.',
    }),
    included: [
      msg({
        id: 'svc.user-testing.included.1',
        message: 'A test plan with goals, tasks and participant criteria',
      }),
      msg({
        id: 'svc.user-testing.included.2',
        message: 'Recruitment and screening of participants who match your audience',
      }),
      msg({
        id: 'svc.user-testing.included.3',
        message: 'Moderated or unmoderated sessions, recorded with consent',
      }),
      msg({
        id: 'svc.user-testing.included.4',
        message: 'A findings report with severity ratings and highlight clips',
      }),
      msg({
        id: 'svc.user-testing.included.5',
        message: 'A prioritized list of recommended fixes, reviewed with your team',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.user-testing.step.1.title', message: 'Plan the study' }),
        text: msg({
          id: 'svc.user-testing.step.1.text',
          message:
            'We agree on what you need to learn and choose the method, tasks and participants to match.',
        }),
      },
      {
        title: msg({ id: 'svc.user-testing.step.2.title', message: 'Recruit participants' }),
        text: msg({
          id: 'svc.user-testing.step.2.text',
          message: 'We find and screen people who reflect your real users, not your colleagues.',
        }),
      },
      {
        title: msg({ id: 'svc.user-testing.step.3.title', message: 'Run the sessions' }),
        text: msg({
          id: 'svc.user-testing.step.3.text',
          message:
            'We moderate or monitor each session and take structured notes as issues appear.',
        }),
      },
      {
        title: msg({ id: 'svc.user-testing.step.4.title', message: 'Report and prioritize' }),
        text: msg({
          id: 'svc.user-testing.step.4.text',
          message:
            'We present the findings, show the evidence and agree with you on what to fix first.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.user-testing.audience',
      message:
        'Teams about to launch or redesign who want to catch problems early, and businesses whose analytics show drop-offs they cannot explain.',
    }),
    related: ['ux-design', 'web-audit', 'web-optimization'],
  },
  'design-systems': {
    summary: msg({
      id: 'svc.design-systems.summary',
      message:
        'We build design systems that let your team design and ship consistent interfaces faster. Tokens, components and guidelines live in one shared source, in both the design tool and the code.',
    }),
    metaDescription: msg({
      id: 'svc.design-systems.meta',
      message:
        'Design systems that scale: design tokens, accessible coded components and documentation that keep design and development in sync.',
    }),
    intro: msg({
      id: 'svc.design-systems.intro',
      message:
        'As a product grows, small inconsistencies multiply: five shades of blue, three button styles, forms that each behave differently. A design system replaces that drift with a shared set of design tokens, components and usage rules. We begin with an audit of what already exists, define the foundations, then build components both in your design tool and as accessible code in the framework your team uses. Documentation and a simple contribution process keep the system working once your team takes ownership.',
    }),
    included: [
      msg({
        id: 'svc.design-systems.included.1',
        message: 'An interface inventory that catalogs existing patterns and their inconsistencies',
      }),
      msg({
        id: 'svc.design-systems.included.2',
        message: 'Design tokens for color, typography, spacing and elevation',
      }),
      msg({
        id: 'svc.design-systems.included.3',
        message: 'A component library in your design tool, with variants and states',
      }),
      msg({
        id: 'svc.design-systems.included.4',
        message: 'Accessible coded components that mirror the design library',
      }),
      msg({
        id: 'svc.design-systems.included.5',
        message: 'A documentation site with usage guidelines and a contribution process',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.design-systems.step.1.title', message: 'Audit and inventory' }),
        text: msg({
          id: 'svc.design-systems.step.1.text',
          message:
            'We collect every pattern in your product and identify what to merge, fix or retire.',
        }),
      },
      {
        title: msg({ id: 'svc.design-systems.step.2.title', message: 'Define foundations' }),
        text: msg({
          id: 'svc.design-systems.step.2.text',
          message: 'We set the tokens for color, type and spacing that everything else builds on.',
        }),
      },
      {
        title: msg({ id: 'svc.design-systems.step.3.title', message: 'Build components' }),
        text: msg({
          id: 'svc.design-systems.step.3.text',
          message:
            'We design and code the most-used components first, testing them in real screens.',
        }),
      },
      {
        title: msg({ id: 'svc.design-systems.step.4.title', message: 'Document and adopt' }),
        text: msg({
          id: 'svc.design-systems.step.4.text',
          message:
            'We publish the guidelines, train your team and support the first features built with the system.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.design-systems.audience',
      message:
        'Product teams with several designers or developers working in parallel, and companies running multiple sites or apps that should feel like one brand.',
    }),
    related: ['ui-design', 'branding', 'web-applications'],
  },
  branding: {
    summary: msg({
      id: 'svc.branding.summary',
      message:
        'We create brand identities that help people recognize you and remember what makes you different. Strategy comes first, so the logo, colors and voice express something true about your business.',
    }),
    metaDescription: msg({
      id: 'svc.branding.meta',
      message:
        'Brand identity design: positioning, logo, color palette, typography and brand guidelines that make your business recognizable and consistent.',
    }),
    intro: msg({
      id: 'svc.branding.intro',
      message:
        'A brand is the impression people carry away from every interaction with your company, and identity design is how you shape it on purpose. We start with positioning: who you serve, what you promise and how you differ from the alternatives. On that foundation we design a logo, a color palette, typography and visual elements that work as well on a phone screen as on a storefront sign. Everything is gathered into clear brand guidelines, so your team and suppliers apply the identity consistently.',
    }),
    included: [
      msg({
        id: 'svc.branding.included.1',
        message: 'A brand strategy workshop and a written positioning statement',
      }),
      msg({
        id: 'svc.branding.included.2',
        message: 'Logo design with variations for different sizes and backgrounds',
      }),
      msg({
        id: 'svc.branding.included.3',
        message: 'A color palette and type system tested on screen and in print',
      }),
      msg({
        id: 'svc.branding.included.4',
        message: 'Templates for everyday materials such as presentations and social media posts',
      }),
      msg({
        id: 'svc.branding.included.5',
        message: 'Brand guidelines covering the visual identity and tone of voice',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.branding.step.1.title', message: 'Discover' }),
        text: msg({
          id: 'svc.branding.step.1.text',
          message:
            'We interview stakeholders, study your market and agree on the positioning the brand must express.',
        }),
      },
      {
        title: msg({ id: 'svc.branding.step.2.title', message: 'Explore concepts' }),
        text: msg({
          id: 'svc.branding.step.2.text',
          message:
            'We present distinct creative directions, each with its own rationale, and choose one together.',
        }),
      },
      {
        title: msg({ id: 'svc.branding.step.3.title', message: 'Refine the identity' }),
        text: msg({
          id: 'svc.branding.step.3.text',
          message:
            'We develop the chosen concept into a complete system and test it in real applications.',
        }),
      },
      {
        title: msg({ id: 'svc.branding.step.4.title', message: 'Deliver guidelines' }),
        text: msg({
          id: 'svc.branding.step.4.text',
          message:
            'We hand over the files, templates and guidelines your team needs to use the brand well.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.branding.audience',
      message:
        'New businesses preparing to launch, and established companies whose identity no longer reflects what they have become.',
    }),
    related: ['copywriting', 'design-systems', 'web-design'],
  },
} satisfies Record<
  'ux-design' | 'ui-design' | 'copywriting' | 'user-testing' | 'design-systems' | 'branding',
  ServiceContent
>
