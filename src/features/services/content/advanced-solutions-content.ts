import { msg } from '@lingui/core/macro'
import type { ServiceContent } from './service-content-type'

/** Page copy for the advanced solutions services. Catalog: locales/{locale}/services.po */
export const advancedSolutionsContent = {
  'web-security': {
    summary: msg({
      id: 'svc.web-security.summary',
      message:
        'We find and close the weaknesses in your website before attackers do, then set up the defenses that keep it that way. From hardening and monitoring to incident response, your security is handled by people who also write code.',
    }),
    metaDescription: msg({
      id: 'svc.web-security.meta',
      message:
        'Website security: vulnerability assessment, server and application hardening, firewall setup, monitoring and help when an incident happens.',
    }),
    intro: msg({
      id: 'svc.web-security.intro',
      message:
        'Many website breaches are not the work of sophisticated attackers; they exploit outdated software, weak passwords and forms that trust whatever users type. We start by assessing your site and server against the OWASP Top 10 and the known vulnerabilities of your platform. Then we fix what we find and harden the setup with access controls, two-factor sign-in, security headers, a web application firewall and limits on login attempts. Ongoing monitoring alerts us to suspicious activity, and if a breach does happen, we clean up, close the hole and help you meet your notification obligations.',
    }),
    included: [
      msg({
        id: 'svc.web-security.included.1',
        message: 'A vulnerability assessment based on the OWASP Top 10',
      }),
      msg({
        id: 'svc.web-security.included.2',
        message: 'Server and CMS hardening, including access controls and two-factor sign-in',
      }),
      msg({
        id: 'svc.web-security.included.3',
        message: 'Web application firewall and security header configuration',
      }),
      msg({
        id: 'svc.web-security.included.4',
        message: 'Malware scanning and file-change monitoring with alerts',
      }),
      msg({
        id: 'svc.web-security.included.5',
        message: 'An incident response plan, and hands-on cleanup if you are breached',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-security.step.1.title', message: 'Assess' }),
        text: msg({
          id: 'svc.web-security.step.1.text',
          message:
            'We test your site, server and accounts for known weaknesses and rank each one by risk.',
        }),
      },
      {
        title: msg({ id: 'svc.web-security.step.2.title', message: 'Remediate' }),
        text: msg({
          id: 'svc.web-security.step.2.text',
          message:
            'We patch vulnerable software, fix insecure code and remove unused accounts and plugins.',
        }),
      },
      {
        title: msg({ id: 'svc.web-security.step.3.title', message: 'Harden' }),
        text: msg({
          id: 'svc.web-security.step.3.text',
          message:
            'We add the firewall, headers, login protection and permissions that make future attacks harder.',
        }),
      },
      {
        title: msg({ id: 'svc.web-security.step.4.title', message: 'Monitor and respond' }),
        text: msg({
          id: 'svc.web-security.step.4.text',
          message:
            'We watch for suspicious activity and act immediately, following a response plan agreed in advance.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-security.audience',
      message:
        'Businesses that handle customer accounts, payments or personal data, and anyone whose site has already been hacked once.',
    }),
    related: ['web-audit', 'web-maintenance', 'site-backup'],
  },
  'custom-software': {
    summary: msg({
      id: 'svc.custom-software.summary',
      message:
        'We design and build software shaped around how your business actually works: internal tools, client portals and integrations between the systems you already use. You own the code, and it is written to be maintained for years.',
    }),
    metaDescription: msg({
      id: 'svc.custom-software.meta',
      message:
        'Custom software development: internal tools, client portals and system integrations built around your processes, with code you own.',
    }),
    intro: msg({
      id: 'svc.custom-software.intro',
      message:
        'Off-the-shelf software covers the common case, while what sets your business apart usually lives in the gaps. We build the tools that fill those gaps, from a quoting system that replaces a tangle of spreadsheets to a portal where your clients track their orders. Every project starts by mapping the process with the people who do the work, then moves forward in small, usable releases you can try early. We write tested, documented code in mainstream technologies, so any competent developer, including your own team later on, can maintain it.',
    }),
    included: [
      msg({
        id: 'svc.custom-software.included.1',
        message: 'Process mapping workshops with the people who will use the software',
      }),
      msg({
        id: 'svc.custom-software.included.2',
        message: 'A written scope with user stories and a delivery plan',
      }),
      msg({
        id: 'svc.custom-software.included.3',
        message: 'Working releases every two weeks in a test environment you can access',
      }),
      msg({
        id: 'svc.custom-software.included.4',
        message: 'Integrations with your existing tools through their APIs',
      }),
      msg({
        id: 'svc.custom-software.included.5',
        message: 'Full source code, technical documentation and automated tests, all yours',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.custom-software.step.1.title', message: 'Discovery' }),
        text: msg({
          id: 'svc.custom-software.step.1.text',
          message:
            'We sit down with your team, map the current process and agree on what the first version must do.',
        }),
      },
      {
        title: msg({ id: 'svc.custom-software.step.2.title', message: 'Design' }),
        text: msg({
          id: 'svc.custom-software.step.2.text',
          message:
            'We sketch the screens and the data model and validate them with real users before writing code.',
        }),
      },
      {
        title: msg({ id: 'svc.custom-software.step.3.title', message: 'Build in increments' }),
        text: msg({
          id: 'svc.custom-software.step.3.text',
          message:
            'We deliver working features in short cycles, adjusting priorities with you as we learn.',
        }),
      },
      {
        title: msg({ id: 'svc.custom-software.step.4.title', message: 'Launch and hand over' }),
        text: msg({
          id: 'svc.custom-software.step.4.text',
          message:
            'We deploy, train your team and stay on for support, or hand everything over to your developers.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.custom-software.audience',
      message:
        'Growing companies whose processes have outgrown spreadsheets and generic tools, and who want software that fits instead of workarounds.',
    }),
    related: ['web-applications', 'cloud-solutions', 'ux-design'],
  },
  'mobile-applications': {
    summary: msg({
      id: 'svc.mobile-applications.summary',
      message:
        'We design and build iOS and Android apps that feel native, work offline where it matters and stay fast as they grow. From the first prototype to the App Store and Google Play, one team carries your app all the way.',
    }),
    metaDescription: msg({
      id: 'svc.mobile-applications.meta',
      message:
        'iOS and Android app design and development, from prototype to App Store and Google Play launch, with ongoing updates and support.',
    }),
    intro: msg({
      id: 'svc.mobile-applications.intro',
      message:
        "An app earns its place on someone's home screen by doing a job better than a website could, through notifications, offline access, the camera, location or a faster experience for returning users. We first help you decide whether you need a native app, a cross-platform one or a progressive web app, and we will tell you honestly if you don't need an app at all. When an app is the right call, we build it with React Native or native code, connect it securely to your backend and handle the store submission process. After launch, we keep it compatible with each new operating system release.",
    }),
    included: [
      msg({
        id: 'svc.mobile-applications.included.1',
        message: 'A clickable prototype tested with users before development starts',
      }),
      msg({
        id: 'svc.mobile-applications.included.2',
        message: 'One codebase for iOS and Android, or native code where performance demands it',
      }),
      msg({
        id: 'svc.mobile-applications.included.3',
        message: 'Push notifications, offline storage and secure sign-in',
      }),
      msg({
        id: 'svc.mobile-applications.included.4',
        message: 'App Store and Google Play listings, submission and review follow-up',
      }),
      msg({
        id: 'svc.mobile-applications.included.5',
        message: 'Crash reporting, usage analytics and updates for new OS versions',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.mobile-applications.step.1.title', message: 'Define the core' }),
        text: msg({
          id: 'svc.mobile-applications.step.1.text',
          message:
            'We identify the few jobs your app must do brilliantly and leave the rest for later.',
        }),
      },
      {
        title: msg({ id: 'svc.mobile-applications.step.2.title', message: 'Prototype' }),
        text: msg({
          id: 'svc.mobile-applications.step.2.text',
          message: "We design the key screens and put a clickable prototype in real users' hands.",
        }),
      },
      {
        title: msg({ id: 'svc.mobile-applications.step.3.title', message: 'Build and beta' }),
        text: msg({
          id: 'svc.mobile-applications.step.3.text',
          message:
            'We develop in short cycles and share test builds with your team through TestFlight and Google Play testing tracks.',
        }),
      },
      {
        title: msg({ id: 'svc.mobile-applications.step.4.title', message: 'Launch and maintain' }),
        text: msg({
          id: 'svc.mobile-applications.step.4.text',
          message:
            'We publish to both stores, watch crashes and reviews, and ship updates as the platforms evolve.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.mobile-applications.audience',
      message:
        'Businesses whose customers or field teams need something a website cannot offer, such as offline use, device features or frequent daily use.',
    }),
    related: ['pwa-development', 'ui-design', 'custom-software'],
  },
  'cloud-solutions': {
    summary: msg({
      id: 'svc.cloud-solutions.summary',
      message:
        "We design, migrate and run cloud infrastructure on AWS, Google Cloud and Azure that is secure, scales with demand and doesn't surprise you with its bill. Everything is defined as code, so it can be reviewed, repeated and rebuilt.",
    }),
    metaDescription: msg({
      id: 'svc.cloud-solutions.meta',
      message:
        'Cloud architecture, migration and operations on AWS, Google Cloud and Azure, with infrastructure as code and costs kept under control.',
    }),
    intro: msg({
      id: 'svc.cloud-solutions.intro',
      message:
        'The cloud makes it easy to start, and just as easy to end up with a tangle of hand-made resources nobody fully understands and a monthly bill to match. We design architectures sized for your real workload, using managed services where they save you operational effort and plain virtual machines where they cost less. Every resource is defined as code with Terraform, and every deployment goes through an automated pipeline. We set up monitoring, backups and cost alerts from day one, and review usage regularly to trim what you do not need.',
    }),
    included: [
      msg({
        id: 'svc.cloud-solutions.included.1',
        message: 'An architecture matched to your workload, security requirements and budget',
      }),
      msg({
        id: 'svc.cloud-solutions.included.2',
        message: 'Infrastructure as code with Terraform, kept in your own repository',
      }),
      msg({
        id: 'svc.cloud-solutions.included.3',
        message: 'CI/CD pipelines for automated testing and deployment',
      }),
      msg({
        id: 'svc.cloud-solutions.included.4',
        message: 'Monitoring, logging and alerting, with a runbook for each alert',
      }),
      msg({
        id: 'svc.cloud-solutions.included.5',
        message: 'A cost review with rightsizing and savings recommendations',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.cloud-solutions.step.1.title', message: 'Assess' }),
        text: msg({
          id: 'svc.cloud-solutions.step.1.text',
          message: 'We review your current systems, traffic patterns, compliance needs and costs.',
        }),
      },
      {
        title: msg({ id: 'svc.cloud-solutions.step.2.title', message: 'Design' }),
        text: msg({
          id: 'svc.cloud-solutions.step.2.text',
          message:
            'We propose an architecture and a migration path, with the trade-offs explained in plain terms.',
        }),
      },
      {
        title: msg({ id: 'svc.cloud-solutions.step.3.title', message: 'Migrate and automate' }),
        text: msg({
          id: 'svc.cloud-solutions.step.3.text',
          message:
            'We build the infrastructure as code, move workloads in stages and automate deployments.',
        }),
      },
      {
        title: msg({ id: 'svc.cloud-solutions.step.4.title', message: 'Operate and optimize' }),
        text: msg({
          id: 'svc.cloud-solutions.step.4.text',
          message:
            'We monitor, patch and tune the environment, and review costs with you on a regular schedule.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.cloud-solutions.audience',
      message:
        'Companies moving off aging servers, software products preparing to scale, and teams whose cloud bill has grown faster than their traffic.',
    }),
    related: ['custom-software', 'hosting', 'site-migration'],
  },
  iot: {
    summary: msg({
      id: 'svc.iot.summary',
      message:
        'We connect physical devices to software you can use: sensors, machines and equipment reporting to dashboards, alerts and the systems you already run. From device firmware to the cloud platform and the app on your phone, we build the whole chain.',
    }),
    metaDescription: msg({
      id: 'svc.iot.meta',
      message:
        'IoT development: device connectivity, cloud data platforms, dashboards and alerts that turn sensor readings into decisions.',
    }),
    intro: msg({
      id: 'svc.iot.intro',
      message:
        'An Internet of Things project only pays off when the data reliably and securely reaches someone who can act on it. We work from the device outward, choosing connectivity that suits the site, whether Wi-Fi, cellular or LoRaWAN, writing or integrating firmware, and sending readings over secure protocols such as MQTT. In the cloud, we store and process the data, trigger alerts when a value crosses a threshold and present it all in dashboards built for the people who use them. We start with a pilot on a handful of devices, prove the value, and only then plan the rollout.',
    }),
    included: [
      msg({
        id: 'svc.iot.included.1',
        message: 'Hardware and connectivity recommendations for your environment',
      }),
      msg({
        id: 'svc.iot.included.2',
        message: 'Firmware development, or integration with the devices you already have',
      }),
      msg({
        id: 'svc.iot.included.3',
        message: 'Secure device provisioning and encrypted data transmission',
      }),
      msg({
        id: 'svc.iot.included.4',
        message: 'A cloud platform for storing and processing data, with threshold alerts',
      }),
      msg({
        id: 'svc.iot.included.5',
        message: 'Web or mobile dashboards for monitoring and remote control',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.iot.step.1.title', message: 'Define the outcome' }),
        text: msg({
          id: 'svc.iot.step.1.text',
          message:
            'We agree on the decision or action the data should drive, because that shapes everything else.',
        }),
      },
      {
        title: msg({ id: 'svc.iot.step.2.title', message: 'Pilot' }),
        text: msg({
          id: 'svc.iot.step.2.text',
          message:
            'We connect a small set of devices end to end and validate the data in real conditions.',
        }),
      },
      {
        title: msg({ id: 'svc.iot.step.3.title', message: 'Build the platform' }),
        text: msg({
          id: 'svc.iot.step.3.text',
          message:
            'We harden the data pipeline, alerts and dashboards based on what the pilot revealed.',
        }),
      },
      {
        title: msg({ id: 'svc.iot.step.4.title', message: 'Scale and support' }),
        text: msg({
          id: 'svc.iot.step.4.text',
          message:
            'We plan the rollout, manage over-the-air firmware updates and monitor the whole fleet.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.iot.audience',
      message:
        'Manufacturers, farms, logistics companies and facility managers who need to see what their equipment is doing without being on site.',
    }),
    related: ['cloud-solutions', 'mobile-applications', 'custom-software'],
  },
} satisfies Record<
  'web-security' | 'custom-software' | 'mobile-applications' | 'cloud-solutions' | 'iot',
  ServiceContent
>
