import { msg } from '@lingui/core/macro'
import type { ServiceContent } from './service-content-type'

export const webDevelopmentContent = {
  'web-development': {
    summary: msg({
      id: 'svc.web-development.summary',
      message:
        'We build fast, maintainable websites on a modern stack, written by senior developers who stay with the project from the first commit to launch. You get clean, documented code that you own and that is ready to grow.',
    }),
    metaDescription: msg({
      id: 'svc.web-development.meta',
      message:
        'Custom web development by a senior team: fast, accessible, maintainable websites, handed over with clear documentation.',
    }),
    intro: msg({
      id: 'svc.web-development.intro',
      message:
        'Web development is where a design turns into something people can actually use. We write semantic, accessible front-ends and reliable back-ends, choosing the technology for your project rather than forcing one stack onto every client. Performance budgets, automated tests and code review are part of the work from day one, not a cleanup phase at the end. When we hand over, your team receives a repository it can read, a deployment pipeline that works and documentation that explains the decisions we made.',
    }),
    included: [
      msg({
        id: 'svc.web-development.included.1',
        message:
          'A technical plan covering architecture, hosting and integrations, agreed before any code is written',
      }),
      msg({
        id: 'svc.web-development.included.2',
        message:
          'A front-end built with semantic HTML, accessible components and a performance budget',
      }),
      msg({
        id: 'svc.web-development.included.3',
        message:
          'Back-end logic, CMS or API integrations shaped around how your team edits and publishes content',
      }),
      msg({
        id: 'svc.web-development.included.4',
        message: 'Automated tests and a continuous deployment pipeline to staging and production',
      }),
      msg({
        id: 'svc.web-development.included.5',
        message: 'Handover documentation and a walkthrough session with your team',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-development.step.1.title', message: 'Technical discovery' }),
        text: msg({
          id: 'svc.web-development.step.1.text',
          message:
            'We review your goals, existing systems and constraints, then propose an architecture and a realistic schedule.',
        }),
      },
      {
        title: msg({ id: 'svc.web-development.step.2.title', message: 'Build in iterations' }),
        text: msg({
          id: 'svc.web-development.step.2.text',
          message:
            'We work in short cycles and deploy each one to a staging site you can click through, not just read about.',
        }),
      },
      {
        title: msg({ id: 'svc.web-development.step.3.title', message: 'Test and harden' }),
        text: msg({
          id: 'svc.web-development.step.3.text',
          message:
            'We test across browsers and devices, check accessibility and performance, and fix what we find before launch.',
        }),
      },
      {
        title: msg({ id: 'svc.web-development.step.4.title', message: 'Launch and hand over' }),
        text: msg({
          id: 'svc.web-development.step.4.text',
          message:
            'We deploy to production, monitor the first days closely and walk your team through the codebase.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-development.audience',
      message:
        'Companies that need a site built properly rather than assembled from plugins, and teams that want to own and extend their code after launch.',
    }),
    related: ['web-design', 'web-maintenance', 'hosting'],
  },
  'web-design': {
    summary: msg({
      id: 'svc.web-design.summary',
      message:
        'We design websites that make your offer clear in seconds and guide visitors toward the next step. Every layout is designed for real content on real screens, and can be built without surprises.',
    }),
    metaDescription: msg({
      id: 'svc.web-design.meta',
      message:
        'Web design that turns your offer into clear, credible pages: site structure, visual design and prototypes ready for development.',
    }),
    intro: msg({
      id: 'svc.web-design.intro',
      message:
        'A good website design starts with what visitors need to find and what you need them to do. We organize your content into a clear structure, then design pages that carry your brand with restraint and make the important things easy to see. We work with your actual copy and images wherever possible, because layouts designed around placeholder text rarely survive contact with the real thing. The result is a set of designs that developers can build exactly as intended, whether that is our team or yours.',
    }),
    included: [
      msg({
        id: 'svc.web-design.included.1',
        message: 'A sitemap and page hierarchy based on what your visitors come looking for',
      }),
      msg({
        id: 'svc.web-design.included.2',
        message: 'Wireframes for key templates such as the home page, service pages and contact',
      }),
      msg({
        id: 'svc.web-design.included.3',
        message: 'High-fidelity designs for desktop, tablet and mobile',
      }),
      msg({
        id: 'svc.web-design.included.4',
        message: 'A clickable prototype to review the flow before development starts',
      }),
      msg({
        id: 'svc.web-design.included.5',
        message: 'A design file with styles, components and annotations for developers',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-design.step.1.title', message: 'Content and goals' }),
        text: msg({
          id: 'svc.web-design.step.1.text',
          message:
            'We audit your current site and content, and agree on what each page must achieve.',
        }),
      },
      {
        title: msg({ id: 'svc.web-design.step.2.title', message: 'Structure first' }),
        text: msg({
          id: 'svc.web-design.step.2.text',
          message:
            'We sketch the sitemap and wireframes so that layout decisions are settled before visual detail.',
        }),
      },
      {
        title: msg({ id: 'svc.web-design.step.3.title', message: 'Visual design' }),
        text: msg({
          id: 'svc.web-design.step.3.text',
          message:
            'We apply typography, color and imagery across key templates and refine them with your feedback.',
        }),
      },
      {
        title: msg({ id: 'svc.web-design.step.4.title', message: 'Prototype and handoff' }),
        text: msg({
          id: 'svc.web-design.step.4.text',
          message:
            'We link the screens into a prototype, then prepare annotated files for development.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-design.audience',
      message:
        'Businesses whose current site looks dated or fails to explain what they do, and teams launching a new brand or offer that needs a credible home online.',
    }),
    related: ['web-development', 'ui-design', 'copywriting'],
  },
  'web-applications': {
    summary: msg({
      id: 'svc.web-applications.summary',
      message:
        'We design and build browser-based applications for work that has outgrown spreadsheets and off-the-shelf tools: client portals, dashboards, booking systems and internal tools. They are secure, tested and built to handle real data and real users.',
    }),
    metaDescription: msg({
      id: 'svc.web-applications.meta',
      message:
        'Custom web applications: client portals, dashboards and internal tools, built securely, tested thoroughly and designed around your workflow.',
    }),
    intro: msg({
      id: 'svc.web-applications.intro',
      message:
        'A web application is software that runs in the browser, so your users install nothing and your team ships updates in one place. We start by mapping the workflow the application must support, including the edge cases people currently handle by email and from memory. From there we design the data model, the permissions and the interface together, because each one shapes the others. We build with typed code, automated tests and a clear separation between front-end and back-end, so the application keeps growing comfortably after its first release.',
    }),
    included: [
      msg({
        id: 'svc.web-applications.included.1',
        message:
          'Workflow mapping and a data model that reflects how your business actually operates',
      }),
      msg({
        id: 'svc.web-applications.included.2',
        message: 'User accounts, roles and permissions designed around who may see and change what',
      }),
      msg({
        id: 'svc.web-applications.included.3',
        message: 'A responsive interface for the screens your users rely on every day',
      }),
      msg({
        id: 'svc.web-applications.included.4',
        message:
          'Integrations with your existing tools through APIs, webhooks or scheduled imports',
      }),
      msg({
        id: 'svc.web-applications.included.5',
        message: 'Automated tests, error monitoring and a documented deployment process',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-applications.step.1.title', message: 'Map the workflow' }),
        text: msg({
          id: 'svc.web-applications.step.1.text',
          message:
            'We sit with the people who will use the application and document the process, its exceptions and its data.',
        }),
      },
      {
        title: msg({
          id: 'svc.web-applications.step.2.title',
          message: 'Define the first release',
        }),
        text: msg({
          id: 'svc.web-applications.step.2.text',
          message:
            'We agree on the smallest version that delivers real value, and plan what comes after it.',
        }),
      },
      {
        title: msg({ id: 'svc.web-applications.step.3.title', message: 'Build and review' }),
        text: msg({
          id: 'svc.web-applications.step.3.text',
          message:
            'Every week or two we deliver working features on a staging environment, so you can test them with real scenarios.',
        }),
      },
      {
        title: msg({ id: 'svc.web-applications.step.4.title', message: 'Release and evolve' }),
        text: msg({
          id: 'svc.web-applications.step.4.text',
          message:
            'We migrate your data, launch to your users and keep improving the application based on how it is used.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-applications.audience',
      message:
        'Organizations whose processes run on spreadsheets, email threads or tools that no longer fit, and startups that need a first product built with care.',
    }),
    related: ['custom-software', 'cloud-solutions', 'ux-design'],
  },
  'pwa-development': {
    summary: msg({
      id: 'svc.pwa-development.summary',
      message:
        'We build progressive web apps that install from the browser, load instantly and keep working on a poor connection. You get much of the experience of a native app from a single codebase, with no app store standing in the way.',
    }),
    metaDescription: msg({
      id: 'svc.pwa-development.meta',
      message:
        'Progressive web app development: installable, offline-ready apps with fast loading, push notifications and one codebase for every device.',
    }),
    intro: msg({
      id: 'svc.pwa-development.intro',
      message:
        'A progressive web app is a website that behaves like an app: it can be added to the home screen, opened full screen and used when the network drops. We design the offline behavior deliberately, deciding which data is cached, what can be done without a connection and how changes sync once the device is back online. Service workers, a web app manifest and a careful caching strategy do the technical work, while the interface keeps users informed about what state they are in. We also tell you plainly where a PWA falls short on a given platform, so you can decide whether it is the right fit.',
    }),
    included: [
      msg({
        id: 'svc.pwa-development.included.1',
        message: 'A web app manifest, icons and install prompts for Android, iOS and desktop',
      }),
      msg({
        id: 'svc.pwa-development.included.2',
        message: 'A service worker with a caching strategy designed for your content and data',
      }),
      msg({
        id: 'svc.pwa-development.included.3',
        message: 'Offline mode with queued actions that sync when the connection returns',
      }),
      msg({
        id: 'svc.pwa-development.included.4',
        message: 'Push notifications where the platform supports them, with a clear opt-in',
      }),
      msg({
        id: 'svc.pwa-development.included.5',
        message: 'Performance tuning for fast start-up on mid-range phones and slow networks',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.pwa-development.step.1.title', message: 'Assess the fit' }),
        text: msg({
          id: 'svc.pwa-development.step.1.text',
          message:
            'We check your use case against what PWAs can and cannot do on each platform your users rely on.',
        }),
      },
      {
        title: msg({ id: 'svc.pwa-development.step.2.title', message: 'Design for offline' }),
        text: msg({
          id: 'svc.pwa-development.step.2.text',
          message:
            'We define what works without a connection and how the app communicates its sync status.',
        }),
      },
      {
        title: msg({ id: 'svc.pwa-development.step.3.title', message: 'Build and test' }),
        text: msg({
          id: 'svc.pwa-development.step.3.text',
          message:
            'We develop the app shell, the service worker and the data layer, and test them on real devices.',
        }),
      },
      {
        title: msg({ id: 'svc.pwa-development.step.4.title', message: 'Ship and measure' }),
        text: msg({
          id: 'svc.pwa-development.step.4.text',
          message:
            'We launch, track installs and load times, and tune the caching based on real usage.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.pwa-development.audience',
      message:
        'Teams that want an app-like experience without the cost of separate iOS and Android apps, and services used out in the field where coverage is unreliable.',
    }),
    related: ['web-applications', 'mobile-applications', 'web-optimization'],
  },
  'e-commerce': {
    summary: msg({
      id: 'svc.e-commerce.summary',
      message:
        'We build online stores that make buying easy and running the shop manageable. From catalog structure to checkout, every step is designed to remove friction for your customers and busywork for your team.',
    }),
    metaDescription: msg({
      id: 'svc.e-commerce.meta',
      message:
        'E-commerce development: online stores with clear catalogs, smooth and secure checkout, and integrations with your inventory and shipping.',
    }),
    intro: msg({
      id: 'svc.e-commerce.intro',
      message:
        'An online store is judged at checkout, but the sale is won or lost long before that: in how products are organized, described and found. We help you choose the right platform, whether a hosted solution or a custom build, based on your catalog, your volume and the way you sell. We then design product pages, search, cart and checkout with conversion in mind, and connect the store to payments, inventory, shipping and invoicing. Your team gets an admin panel it can run day to day without calling a developer for every price change.',
    }),
    included: [
      msg({
        id: 'svc.e-commerce.included.1',
        message:
          'A platform recommendation and setup, hosted or custom, with reasoning you can review',
      }),
      msg({
        id: 'svc.e-commerce.included.2',
        message:
          'Catalog structure, product page templates and filters that match how customers shop',
      }),
      msg({
        id: 'svc.e-commerce.included.3',
        message: 'Cart and checkout with secure payment gateways and local payment methods',
      }),
      msg({
        id: 'svc.e-commerce.included.4',
        message: 'Integrations with your inventory, shipping, invoicing and email tools',
      }),
      msg({
        id: 'svc.e-commerce.included.5',
        message: 'Purchase funnel analytics and training for your store team',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.e-commerce.step.1.title', message: 'Plan the store' }),
        text: msg({
          id: 'svc.e-commerce.step.1.text',
          message:
            'We review your catalog, logistics and sales channels, then choose the platform and integrations.',
        }),
      },
      {
        title: msg({ id: 'svc.e-commerce.step.2.title', message: 'Design the purchase path' }),
        text: msg({
          id: 'svc.e-commerce.step.2.text',
          message:
            'We design navigation, product pages and checkout around how your customers decide and pay.',
        }),
      },
      {
        title: msg({ id: 'svc.e-commerce.step.3.title', message: 'Build and connect' }),
        text: msg({
          id: 'svc.e-commerce.step.3.text',
          message:
            'We build the store, import your products and connect payments, shipping and inventory.',
        }),
      },
      {
        title: msg({ id: 'svc.e-commerce.step.4.title', message: 'Test and launch' }),
        text: msg({
          id: 'svc.e-commerce.step.4.text',
          message:
            'We place real test orders from start to finish, train your team and watch the first weeks of sales closely.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.e-commerce.audience',
      message:
        'Retailers moving their sales online, brands that have outgrown a basic store template, and businesses adding a direct sales channel alongside their distributors.',
    }),
    related: ['web-development', 'web-security', 'sem'],
  },
  'landing-pages': {
    summary: msg({
      id: 'svc.landing-pages.summary',
      message:
        'We design and build focused landing pages for a single campaign, product or offer. Each page has one goal, a clear argument and a fast load time, so the traffic you pay for has a real chance to convert.',
    }),
    metaDescription: msg({
      id: 'svc.landing-pages.meta',
      message:
        'Landing pages built to convert: focused copy, fast load times, reliable tracking and variants ready for A/B testing in your campaigns.',
    }),
    intro: msg({
      id: 'svc.landing-pages.intro',
      message:
        'A landing page has one job: to take a visitor who arrived with a specific intent and give them a reason to act. We write and design each page around the promise made in the ad, email or post that brought people there, so nothing feels like a bait and switch. The page loads fast, works on any phone and records conversions correctly from the very first visit. When you want to try a different headline or offer, we set up variants so the decision comes from data instead of opinion.',
    }),
    included: [
      msg({
        id: 'svc.landing-pages.included.1',
        message: 'Page structure and copy built around one offer and one call to action',
      }),
      msg({
        id: 'svc.landing-pages.included.2',
        message: 'Responsive design and development held to a strict performance budget',
      }),
      msg({
        id: 'svc.landing-pages.included.3',
        message: 'Forms connected to your CRM or email platform, with spam protection',
      }),
      msg({
        id: 'svc.landing-pages.included.4',
        message: 'Analytics and conversion tracking, configured and verified',
      }),
      msg({
        id: 'svc.landing-pages.included.5',
        message: 'Alternative headlines or layouts ready for A/B testing',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.landing-pages.step.1.title', message: 'Define the offer' }),
        text: msg({
          id: 'svc.landing-pages.step.1.text',
          message:
            'We pin down the audience, the traffic source and the single action the page must drive.',
        }),
      },
      {
        title: msg({ id: 'svc.landing-pages.step.2.title', message: 'Write and wireframe' }),
        text: msg({
          id: 'svc.landing-pages.step.2.text',
          message: 'We draft the copy and the layout together, so the argument leads the design.',
        }),
      },
      {
        title: msg({ id: 'svc.landing-pages.step.3.title', message: 'Design and build' }),
        text: msg({
          id: 'svc.landing-pages.step.3.text',
          message:
            'We produce the final page, connect forms and tracking, and test it on real devices.',
        }),
      },
      {
        title: msg({ id: 'svc.landing-pages.step.4.title', message: 'Launch and optimize' }),
        text: msg({
          id: 'svc.landing-pages.step.4.text',
          message:
            'We publish, review the first results and run variants to improve the conversion rate.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.landing-pages.audience',
      message:
        'Marketing teams running paid campaigns, product launches or events, and businesses that need a page live quickly without touching their main site.',
    }),
    related: ['copywriting', 'sem', 'web-optimization'],
  },
  'responsive-design': {
    summary: msg({
      id: 'svc.responsive-design.summary',
      message:
        'We make websites that work properly on every screen, from a small phone to a wide monitor. Not simply shrunk to fit, but rethought so that navigation, forms and content stay easy to use at every size.',
    }),
    metaDescription: msg({
      id: 'svc.responsive-design.meta',
      message:
        'Responsive web design for every screen: fluid layouts, touch-friendly navigation and forms, and images sized for each device.',
    }),
    intro: msg({
      id: 'svc.responsive-design.intro',
      message:
        'Many visitors meet your site on a phone first, often on a slow connection and using one thumb. Responsive design means planning layouts, type and interactions that adapt to the space available, instead of hiding content or forcing people to zoom. We can build a new site mobile-first or retrofit an existing one, fixing broken layouts, oversized images and menus that fail on touch screens. Every change is checked on real devices and common browsers, not only in a resized desktop window.',
    }),
    included: [
      msg({
        id: 'svc.responsive-design.included.1',
        message:
          'An audit of your current site on phones, tablets and large screens, with issues ranked by impact',
      }),
      msg({
        id: 'svc.responsive-design.included.2',
        message:
          'Fluid layouts with breakpoints set by your content rather than by specific device models',
      }),
      msg({
        id: 'svc.responsive-design.included.3',
        message: 'Touch-friendly navigation, buttons and forms sized for real fingers',
      }),
      msg({
        id: 'svc.responsive-design.included.4',
        message: 'Responsive images served at the right size and format for each screen',
      }),
      msg({
        id: 'svc.responsive-design.included.5',
        message: 'Cross-device testing on physical phones and tablets and in the major browsers',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.responsive-design.step.1.title', message: 'Audit every screen' }),
        text: msg({
          id: 'svc.responsive-design.step.1.text',
          message:
            'We review key pages and flows across devices and list what breaks or slows people down.',
        }),
      },
      {
        title: msg({ id: 'svc.responsive-design.step.2.title', message: 'Plan the layouts' }),
        text: msg({
          id: 'svc.responsive-design.step.2.text',
          message: 'We decide how each component adapts, starting from the smallest screen.',
        }),
      },
      {
        title: msg({ id: 'svc.responsive-design.step.3.title', message: 'Build or retrofit' }),
        text: msg({
          id: 'svc.responsive-design.step.3.text',
          message:
            'We implement the changes in your existing codebase or in a new build, component by component.',
        }),
      },
      {
        title: msg({ id: 'svc.responsive-design.step.4.title', message: 'Test on devices' }),
        text: msg({
          id: 'svc.responsive-design.step.4.text',
          message:
            'We check the result on real phones and tablets and polish the details before release.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.responsive-design.audience',
      message:
        'Businesses whose site was built for desktop and now loses mobile visitors, and teams preparing a redesign that must work everywhere from day one.',
    }),
    related: ['web-design', 'web-optimization', 'ui-design'],
  },
} satisfies Record<
  | 'web-development'
  | 'web-design'
  | 'web-applications'
  | 'pwa-development'
  | 'e-commerce'
  | 'landing-pages'
  | 'responsive-design',
  ServiceContent
>
