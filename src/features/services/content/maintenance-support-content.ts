import { msg } from '@lingui/core/macro'
import type { ServiceContent } from './service-content-type'

/** Page copy for the maintenance and support services. Catalog: locales/{locale}/services.po */
export const maintenanceSupportContent = {
  'web-maintenance': {
    summary: msg({
      id: 'svc.web-maintenance.summary',
      message:
        'We keep your website updated, secure and working, so you never have to think about plugin updates or broken contact forms. Small changes are handled quickly by people who already know your site.',
    }),
    metaDescription: msg({
      id: 'svc.web-maintenance.meta',
      message:
        'Monthly website maintenance: updates, monitoring, backups and small content changes, handled by developers who know your site.',
    }),
    intro: msg({
      id: 'svc.web-maintenance.intro',
      message:
        'A website is software, and software that nobody maintains slowly breaks. Each month we apply core, plugin and dependency updates to a staging copy first, check that nothing broke, and only then roll them out to your live site. We monitor uptime, security and performance, fix problems before your customers notice them, and keep a bank of hours for the small edits every site needs. You get a short report of what was done and what we recommend next.',
    }),
    included: [
      msg({
        id: 'svc.web-maintenance.included.1',
        message: 'Core, plugin and dependency updates, tested on staging first',
      }),
      msg({
        id: 'svc.web-maintenance.included.2',
        message: 'Uptime and error monitoring with alerts to our team',
      }),
      msg({
        id: 'svc.web-maintenance.included.3',
        message: 'A verified backup before every update',
      }),
      msg({
        id: 'svc.web-maintenance.included.4',
        message: 'A monthly bank of hours for content edits and small fixes',
      }),
      msg({
        id: 'svc.web-maintenance.included.5',
        message: 'A monthly report on updates, incidents and recommendations',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-maintenance.step.1.title', message: 'Onboarding' }),
        text: msg({
          id: 'svc.web-maintenance.step.1.text',
          message:
            'We review your site, document how it is set up and fix anything urgent before the plan starts.',
        }),
      },
      {
        title: msg({ id: 'svc.web-maintenance.step.2.title', message: 'Monitoring' }),
        text: msg({
          id: 'svc.web-maintenance.step.2.text',
          message:
            'Automated checks watch uptime, errors and security around the clock and alert us first.',
        }),
      },
      {
        title: msg({ id: 'svc.web-maintenance.step.3.title', message: 'Monthly updates' }),
        text: msg({
          id: 'svc.web-maintenance.step.3.text',
          message:
            'We apply and test updates on a staging copy, then roll them out to your live site.',
        }),
      },
      {
        title: msg({ id: 'svc.web-maintenance.step.4.title', message: 'Report and review' }),
        text: msg({
          id: 'svc.web-maintenance.step.4.text',
          message:
            "You receive a summary of the month's work and our recommendations for the next one.",
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-maintenance.audience',
      message:
        'Businesses whose website matters to sales or reputation but who have no developer on staff to look after it.',
    }),
    related: ['web-security', 'site-backup', 'technical-support'],
  },
  hosting: {
    summary: msg({
      id: 'svc.hosting.summary',
      message:
        'Managed hosting for the sites we build and the ones we look after: fast servers, daily backups, SSL and monitoring included. When something goes wrong, you talk to the people who run the server.',
    }),
    metaDescription: msg({
      id: 'svc.hosting.meta',
      message:
        'Managed web hosting with fast servers, daily backups, SSL, monitoring and direct access to the team that runs your server.',
    }),
    intro: msg({
      id: 'svc.hosting.intro',
      message:
        "Cheap shared hosting is fine until the day it isn't, and on that day support is a ticket queue. We host sites on infrastructure we configure and watch ourselves, sized to each site's traffic and software. Servers are patched, certificates renew automatically, and backups run every day and are stored in a separate location. Because we know both the server and the site, we can tell quickly whether a problem lives in the code or in the infrastructure, and fix it.",
    }),
    included: [
      msg({
        id: 'svc.hosting.included.1',
        message: "A server sized to your site's traffic and technology stack",
      }),
      msg({ id: 'svc.hosting.included.2', message: 'SSL certificates with automatic renewal' }),
      msg({ id: 'svc.hosting.included.3', message: 'Daily off-site backups with tested restores' }),
      msg({
        id: 'svc.hosting.included.4',
        message: 'A CDN and caching so pages load fast wherever your visitors are',
      }),
      msg({
        id: 'svc.hosting.included.5',
        message: 'Uptime monitoring, security patching and direct email support',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.hosting.step.1.title', message: 'Assessment' }),
        text: msg({
          id: 'svc.hosting.step.1.text',
          message:
            "We look at your site's software, traffic and storage to choose the right server and data center location.",
        }),
      },
      {
        title: msg({ id: 'svc.hosting.step.2.title', message: 'Setup' }),
        text: msg({
          id: 'svc.hosting.step.2.text',
          message:
            'We configure the server, SSL, caching, backups and monitoring before any site goes live on it.',
        }),
      },
      {
        title: msg({ id: 'svc.hosting.step.3.title', message: 'Move in' }),
        text: msg({
          id: 'svc.hosting.step.3.text',
          message:
            'We transfer your site and switch DNS during a low-traffic window, without interrupting your visitors.',
        }),
      },
      {
        title: msg({ id: 'svc.hosting.step.4.title', message: 'Run and watch' }),
        text: msg({
          id: 'svc.hosting.step.4.text',
          message:
            'We keep the server patched and monitored, and review its resources as your traffic grows.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.hosting.audience',
      message:
        'Businesses that want hosting they never have to think about, with one team responsible for both the site and the server.',
    }),
    related: ['site-migration', 'site-backup', 'cloud-solutions'],
  },
  'technical-support': {
    summary: msg({
      id: 'svc.technical-support.summary',
      message:
        'When something on your website breaks or behaves strangely, you reach a developer, not a script. We diagnose the problem, fix it and explain what happened in plain language.',
    }),
    metaDescription: msg({
      id: 'svc.technical-support.meta',
      message:
        'Website technical support from experienced developers: fast diagnosis, fixes for errors and broken features, and plain explanations.',
    }),
    intro: msg({
      id: 'svc.technical-support.intro',
      message:
        'Forms that stop sending, checkout errors, a plugin update that broke the layout, emails that never arrive: these problems rarely wait for a convenient moment. Our support plan gives you a direct line to developers who can read logs, trace errors and fix code, whether or not we built your site. Requests are handled by severity, with agreed response times for anything that stops your business from working. After each fix, we tell you the cause and how to keep it from happening again.',
    }),
    included: [
      msg({
        id: 'svc.technical-support.included.1',
        message: 'A direct support channel by email and chat',
      }),
      msg({
        id: 'svc.technical-support.included.2',
        message: 'Agreed response times for each severity level',
      }),
      msg({
        id: 'svc.technical-support.included.3',
        message: 'Diagnosis and repair of errors, broken features and failing integrations',
      }),
      msg({
        id: 'svc.technical-support.included.4',
        message: 'Help with domains, DNS and business email settings',
      }),
      msg({
        id: 'svc.technical-support.included.5',
        message: 'A written summary of every incident, its cause and the fix',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.technical-support.step.1.title', message: 'Learn your site' }),
        text: msg({
          id: 'svc.technical-support.step.1.text',
          message:
            'We document your setup, access and third-party services so we can act fast when it counts.',
        }),
      },
      {
        title: msg({ id: 'svc.technical-support.step.2.title', message: 'You report' }),
        text: msg({
          id: 'svc.technical-support.step.2.text',
          message:
            'Send the problem through the support channel; a screenshot and the page address are enough to start.',
        }),
      },
      {
        title: msg({ id: 'svc.technical-support.step.3.title', message: 'Diagnose and fix' }),
        text: msg({
          id: 'svc.technical-support.step.3.text',
          message:
            'A developer reproduces the issue, finds the root cause and applies a fix, testing it before closing the request.',
        }),
      },
      {
        title: msg({ id: 'svc.technical-support.step.4.title', message: 'Explain' }),
        text: msg({
          id: 'svc.technical-support.step.4.text',
          message:
            'You get a short summary of what happened and any step that stops it from recurring.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.technical-support.audience',
      message:
        'Small and mid-sized businesses without an in-house developer, including those whose original agency is no longer around.',
    }),
    related: ['web-maintenance', 'hosting', 'web-security'],
  },
  'site-migration': {
    summary: msg({
      id: 'svc.site-migration.summary',
      message:
        'We move your website to a new host, platform or domain without losing content, rankings or email. Every URL is mapped, every redirect tested, and the switch happens when it will disturb no one.',
    }),
    metaDescription: msg({
      id: 'svc.site-migration.meta',
      message:
        'Website migration to a new host, platform or domain, with full URL mapping, tested redirects and your SEO protected throughout.',
    }),
    intro: msg({
      id: 'svc.site-migration.intro',
      message:
        'Most migration disasters come from details nobody wrote down: a forgotten subdomain, a missing redirect, email records lost in a DNS change. We start by taking an inventory of everything the current site does, from pages and files to forms, integrations and mail. Then we rebuild or copy the site in the new environment, map every old URL to its new home and test the result side by side with the original. Launch day is planned and rehearsed, and followed by close monitoring of traffic and crawl errors.',
    }),
    included: [
      msg({
        id: 'svc.site-migration.included.1',
        message: 'A full inventory of pages, files, forms, integrations and DNS records',
      }),
      msg({
        id: 'svc.site-migration.included.2',
        message: 'A URL map with 301 redirects for every address that changes',
      }),
      msg({
        id: 'svc.site-migration.included.3',
        message: 'Content and database transfer, checked for broken links and missing media',
      }),
      msg({
        id: 'svc.site-migration.included.4',
        message: 'A staging version for you to review before the switch',
      }),
      msg({
        id: 'svc.site-migration.included.5',
        message: 'Post-launch monitoring of traffic, rankings and crawl errors',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.site-migration.step.1.title', message: 'Inventory' }),
        text: msg({
          id: 'svc.site-migration.step.1.text',
          message:
            'We catalog every page, file, integration and DNS record the current site depends on.',
        }),
      },
      {
        title: msg({ id: 'svc.site-migration.step.2.title', message: 'Plan the move' }),
        text: msg({
          id: 'svc.site-migration.step.2.text',
          message:
            'We map old URLs to new ones, choose the launch window and write a rollback plan.',
        }),
      },
      {
        title: msg({ id: 'svc.site-migration.step.3.title', message: 'Build and rehearse' }),
        text: msg({
          id: 'svc.site-migration.step.3.text',
          message:
            'We set up the site in its new home and compare it with the original until they match.',
        }),
      },
      {
        title: msg({ id: 'svc.site-migration.step.4.title', message: 'Switch and monitor' }),
        text: msg({
          id: 'svc.site-migration.step.4.text',
          message:
            'We cut over DNS, verify the redirects live and watch search and traffic data in the weeks that follow.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.site-migration.audience',
      message:
        'Businesses that have outgrown their host or platform, are rebranding to a new domain, or are merging several sites into one.',
    }),
    related: ['hosting', 'seo', 'site-backup'],
  },
  'site-backup': {
    summary: msg({
      id: 'svc.site-backup.summary',
      message:
        "Automatic, off-site backups of your website's files and database, checked regularly by actually restoring them. If your site is hacked, broken by an update or deleted by mistake, we bring it back.",
    }),
    metaDescription: msg({
      id: 'svc.site-backup.meta',
      message:
        'Automated off-site website backups with scheduled restore tests, so your site can be recovered quickly after a hack, bad update or mistake.',
    }),
    intro: msg({
      id: 'svc.site-backup.intro',
      message:
        'A backup you have never restored is a hope, not a plan. We set up automatic backups of your files and database on a schedule that matches how often your content changes, and store the copies away from your server. Each backup is encrypted and kept for a defined retention period, so you can go back to a version from before a problem started. On a regular schedule we restore a backup to an isolated environment to prove it works, and we document the exact steps to recover your site.',
    }),
    included: [
      msg({
        id: 'svc.site-backup.included.1',
        message: 'Scheduled backups of files and databases, daily or more often',
      }),
      msg({
        id: 'svc.site-backup.included.2',
        message: 'Encrypted copies stored off-site, separate from your hosting',
      }),
      msg({
        id: 'svc.site-backup.included.3',
        message: 'A retention policy with daily, weekly and monthly versions',
      }),
      msg({
        id: 'svc.site-backup.included.4',
        message: 'Regular test restores in an isolated environment',
      }),
      msg({
        id: 'svc.site-backup.included.5',
        message: 'A written recovery plan, and restores carried out by us when you need them',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.site-backup.step.1.title', message: 'Assess' }),
        text: msg({
          id: 'svc.site-backup.step.1.text',
          message:
            'We look at how your site is built and how often it changes to set backup frequency and retention.',
        }),
      },
      {
        title: msg({ id: 'svc.site-backup.step.2.title', message: 'Automate' }),
        text: msg({
          id: 'svc.site-backup.step.2.text',
          message: 'We configure encrypted off-site backups, with an alert if any backup fails.',
        }),
      },
      {
        title: msg({ id: 'svc.site-backup.step.3.title', message: 'Test restores' }),
        text: msg({
          id: 'svc.site-backup.step.3.text',
          message:
            'We regularly restore a backup to an isolated environment and confirm the site works.',
        }),
      },
      {
        title: msg({ id: 'svc.site-backup.step.4.title', message: 'Recover on demand' }),
        text: msg({
          id: 'svc.site-backup.step.4.text',
          message:
            'If something goes wrong, we restore the right version and tell you exactly what was recovered.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.site-backup.audience',
      message:
        'Any business that cannot afford to lose its website, its orders or its customer data, especially sites whose content changes daily.',
    }),
    related: ['web-maintenance', 'hosting', 'web-security'],
  },
} satisfies Record<
  'web-maintenance' | 'hosting' | 'technical-support' | 'site-migration' | 'site-backup',
  ServiceContent
>
