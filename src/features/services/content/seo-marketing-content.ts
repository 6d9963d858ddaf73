import { msg } from '@lingui/core/macro'
import type { ServiceContent } from './service-content-type'

/** Page copy for the SEO and marketing services. Catalog: locales/{locale}/services.po */
export const seoMarketingContent = {
  seo: {
    summary: msg({
      id: 'svc.seo.summary',
      message:
        'We make your site easy for search engines to crawl, understand and rank, then build content around the searches your customers actually make. The goal is qualified traffic that keeps arriving without paying for every click.',
    }),
    metaDescription: msg({
      id: 'svc.seo.meta',
      message:
        'Technical SEO, keyword research and content planning that bring qualified organic traffic to your site, month after month.',
    }),
    intro: msg({
      id: 'svc.seo.intro',
      message:
        'Search engine optimization is slow, cumulative work, and we treat it that way. We start with the technical foundation, meaning indexing, site structure, page speed and structured data, because no amount of content rescues a site that search engines cannot read. Then we map the questions your buyers type into Google to the pages that should answer them, and fill the gaps. Every month you see which pages gained visibility, which queries brought visitors and what we are doing next.',
    }),
    included: [
      msg({
        id: 'svc.seo.included.1',
        message: 'A technical SEO audit with a prioritized list of fixes',
      }),
      msg({
        id: 'svc.seo.included.2',
        message: 'Keyword research grouped by search intent and mapped to specific pages',
      }),
      msg({
        id: 'svc.seo.included.3',
        message: 'Rewritten titles, meta descriptions and headings for your key pages',
      }),
      msg({
        id: 'svc.seo.included.4',
        message: 'Structured data for products, articles, FAQs or your local business listing',
      }),
      msg({
        id: 'svc.seo.included.5',
        message: 'A monthly report built on Search Console and analytics data',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.seo.step.1.title', message: 'Audit' }),
        text: msg({
          id: 'svc.seo.step.1.text',
          message:
            'We crawl your site the way a search engine does and list every issue that blocks indexing or ranking, ordered by impact.',
        }),
      },
      {
        title: msg({ id: 'svc.seo.step.2.title', message: 'Research' }),
        text: msg({
          id: 'svc.seo.step.2.text',
          message:
            "We study your market's search demand and your competitors' rankings to choose the terms worth competing for.",
        }),
      },
      {
        title: msg({ id: 'svc.seo.step.3.title', message: 'On-page work' }),
        text: msg({
          id: 'svc.seo.step.3.text',
          message:
            'We fix the technical issues and optimize existing pages, then plan new content where the gaps are.',
        }),
      },
      {
        title: msg({ id: 'svc.seo.step.4.title', message: 'Measure and adjust' }),
        text: msg({
          id: 'svc.seo.step.4.text',
          message:
            'We track rankings, clicks and conversions every month and shift effort toward what is working.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.seo.audience',
      message:
        'Businesses whose customers search before they buy, and who are ready to invest over several months to build traffic they own.',
    }),
    related: ['web-audit', 'web-optimization', 'copywriting'],
  },
  sem: {
    summary: msg({
      id: 'svc.sem.summary',
      message:
        "We plan, launch and manage paid search campaigns on Google Ads and Microsoft Advertising, built around the searches that lead to sales. You pay for clicks from people already looking for what you offer, and we keep cutting the ones that don't convert.",
    }),
    metaDescription: msg({
      id: 'svc.sem.meta',
      message:
        'Google Ads and Microsoft Advertising campaigns run by senior specialists, with conversion tracking and clear monthly reporting.',
    }),
    intro: msg({
      id: 'svc.sem.intro',
      message:
        'Search advertising puts you at the top of the results page the day a campaign goes live, but it rewards discipline more than budget. We set up conversion tracking first, so every decision rests on sales and leads rather than clicks. Campaigns are structured tightly around intent, with negative keywords, ads and landing pages that match what each person searched for. Then we manage them every week: adjusting bids, pausing waste and testing new ads.',
    }),
    included: [
      msg({
        id: 'svc.sem.included.1',
        message: 'Conversion tracking set up in Google Ads and your analytics',
      }),
      msg({
        id: 'svc.sem.included.2',
        message: 'A campaign and ad group structure built on keyword research',
      }),
      msg({
        id: 'svc.sem.included.3',
        message: 'Responsive search ads with several headline and description variants',
      }),
      msg({ id: 'svc.sem.included.4', message: 'A negative keyword list reviewed every week' }),
      msg({
        id: 'svc.sem.included.5',
        message: 'A monthly report on cost per lead or sale, with next steps',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.sem.step.1.title', message: 'Tracking first' }),
        text: msg({
          id: 'svc.sem.step.1.text',
          message:
            'We make sure every lead, call and purchase is recorded before a cent of your budget is spent.',
        }),
      },
      {
        title: msg({ id: 'svc.sem.step.2.title', message: 'Campaign build' }),
        text: msg({
          id: 'svc.sem.step.2.text',
          message:
            'We research keywords, write the ads and set budgets and bidding strategies that fit your margins.',
        }),
      },
      {
        title: msg({ id: 'svc.sem.step.3.title', message: 'Launch' }),
        text: msg({
          id: 'svc.sem.step.3.text',
          message:
            'Campaigns go live with daily monitoring during the first weeks, when most of the learning happens.',
        }),
      },
      {
        title: msg({ id: 'svc.sem.step.4.title', message: 'Ongoing optimization' }),
        text: msg({
          id: 'svc.sem.step.4.text',
          message:
            'Each week we review search terms, bids and ad results, and each month we walk you through the numbers.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.sem.audience',
      message:
        'Companies that need leads or sales soon, know what a customer is worth to them, and want someone accountable for how the ad budget is spent.',
    }),
    related: ['landing-pages', 'seo', 'web-optimization'],
  },
  'email-marketing': {
    summary: msg({
      id: 'svc.email-marketing.summary',
      message:
        'We design, write and automate email programs that keep your customers coming back: welcome series, newsletters and messages triggered by what people do. Every send is built to be read on a phone and judged by what it earns, not just by opens.',
    }),
    metaDescription: msg({
      id: 'svc.email-marketing.meta',
      message:
        'Email marketing that earns repeat business: automated flows, newsletters and templates, with solid deliverability and honest reporting.',
    }),
    intro: msg({
      id: 'svc.email-marketing.intro',
      message:
        'Your email list is the one audience no platform can take away from you, and most businesses underuse it. We start by making sure your messages reach the inbox, with an authenticated domain and a clean list. Then we build the automated flows that work around the clock, such as welcome sequences, abandoned cart reminders and win-back campaigns, and plan a regular newsletter people actually want to open. We work in the platform you already use or help you choose one that fits.',
    }),
    included: [
      msg({
        id: 'svc.email-marketing.included.1',
        message: 'SPF, DKIM and DMARC configured on your sending domain',
      }),
      msg({
        id: 'svc.email-marketing.included.2',
        message: 'Welcome, abandoned cart and win-back automations',
      }),
      msg({
        id: 'svc.email-marketing.included.3',
        message: 'Branded, mobile-first templates tested across the major email clients',
      }),
      msg({
        id: 'svc.email-marketing.included.4',
        message: 'List segments based on purchase history and engagement',
      }),
      msg({
        id: 'svc.email-marketing.included.5',
        message: 'A newsletter calendar with the copy written for each send',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.email-marketing.step.1.title', message: 'Deliverability check' }),
        text: msg({
          id: 'svc.email-marketing.step.1.text',
          message:
            'We review your domain setup, sender reputation and list health so your emails stop landing in spam.',
        }),
      },
      {
        title: msg({ id: 'svc.email-marketing.step.2.title', message: 'Strategy and segments' }),
        text: msg({
          id: 'svc.email-marketing.step.2.text',
          message:
            "We map the moments in your customer's journey where an email helps, and the segments that should receive each one.",
        }),
      },
      {
        title: msg({ id: 'svc.email-marketing.step.3.title', message: 'Build the flows' }),
        text: msg({
          id: 'svc.email-marketing.step.3.text',
          message:
            'We write, design and automate the sequences, then test every trigger before it goes live.',
        }),
      },
      {
        title: msg({ id: 'svc.email-marketing.step.4.title', message: 'Send and refine' }),
        text: msg({
          id: 'svc.email-marketing.step.4.text',
          message:
            'We run the newsletter calendar and A/B test subject lines and content, reporting on clicks and revenue.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.email-marketing.audience',
      message:
        'Online stores, subscription businesses and service companies with a list they are not using well, or with no list yet and a plan to build one.',
    }),
    related: ['copywriting', 'landing-pages', 'e-commerce'],
  },
  'web-optimization': {
    summary: msg({
      id: 'svc.web-optimization.summary',
      message:
        'We make your existing site faster and more effective: quicker pages, smoother interactions and fewer obstacles between a visitor and a sale. Every change is measured against real-user data, so you know what it was worth.',
    }),
    metaDescription: msg({
      id: 'svc.web-optimization.meta',
      message:
        'Speed and conversion optimization for existing sites: better Core Web Vitals, lighter pages and tested changes that win more customers.',
    }),
    intro: msg({
      id: 'svc.web-optimization.intro',
      message:
        'A slow or confusing site loses customers quietly, one abandoned visit at a time. We profile your pages on the devices and connections your visitors really use, then fix what slows them down: oversized images, render-blocking scripts, heavy third-party tags and slow server responses. Beyond speed, we study where visitors drop out of your key journeys and run controlled tests on forms, calls to action and page layouts. You end up with a faster site and a clear record of which changes improved results.',
    }),
    included: [
      msg({
        id: 'svc.web-optimization.included.1',
        message: 'A performance profile of your key templates on mobile and desktop',
      }),
      msg({
        id: 'svc.web-optimization.included.2',
        message: 'Image, font and script optimization, with lazy loading where it helps',
      }),
      msg({
        id: 'svc.web-optimization.included.3',
        message: 'Caching and CDN configuration tuned to your content',
      }),
      msg({
        id: 'svc.web-optimization.included.4',
        message: 'A funnel analysis showing where visitors abandon forms and checkout',
      }),
      msg({
        id: 'svc.web-optimization.included.5',
        message: 'A/B tests on the pages that matter most, with documented results',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-optimization.step.1.title', message: 'Baseline' }),
        text: msg({
          id: 'svc.web-optimization.step.1.text',
          message:
            'We record Core Web Vitals, load times and conversion rates before touching anything.',
        }),
      },
      {
        title: msg({ id: 'svc.web-optimization.step.2.title', message: 'Diagnose' }),
        text: msg({
          id: 'svc.web-optimization.step.2.text',
          message: 'We trace each slow page and each drop-off point to a specific cause.',
        }),
      },
      {
        title: msg({ id: 'svc.web-optimization.step.3.title', message: 'Fix and test' }),
        text: msg({
          id: 'svc.web-optimization.step.3.text',
          message:
            'We ship speed fixes directly and run conversion changes as tests against the current version.',
        }),
      },
      {
        title: msg({ id: 'svc.web-optimization.step.4.title', message: 'Report' }),
        text: msg({
          id: 'svc.web-optimization.step.4.text',
          message: 'We compare the results with the baseline and recommend what to tackle next.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-optimization.audience',
      message:
        'Sites that already get traffic but load slowly, fail Core Web Vitals or convert fewer visitors than they should.',
    }),
    related: ['web-audit', 'seo', 'hosting'],
  },
  'web-audit': {
    summary: msg({
      id: 'svc.web-audit.summary',
      message:
        "An independent review of your website's performance, SEO, accessibility, security and code quality, delivered as a clear report. You find out what is wrong, how much it matters and what to fix first.",
    }),
    metaDescription: msg({
      id: 'svc.web-audit.meta',
      message:
        'An independent website audit covering speed, SEO, accessibility, security and code, with a prioritized action plan.',
    }),
    intro: msg({
      id: 'svc.web-audit.intro',
      message:
        "Before you redesign, switch agencies or put more money into marketing, it pays to know exactly what state your site is in. Our audit combines automated scans with a senior developer's manual review, because tools alone miss the problems that matter most. We check how the site performs, how search engines see it, whether people with disabilities can use it, how exposed it is to common attacks and how maintainable the code is. The result is a plain-language report that ranks each finding by impact and effort.",
    }),
    included: [
      msg({
        id: 'svc.web-audit.included.1',
        message: 'A performance and Core Web Vitals review on mobile and desktop',
      }),
      msg({
        id: 'svc.web-audit.included.2',
        message: 'A technical SEO check of indexing, metadata, redirects and site structure',
      }),
      msg({
        id: 'svc.web-audit.included.3',
        message: 'An accessibility review against WCAG 2.2 level AA',
      }),
      msg({
        id: 'svc.web-audit.included.4',
        message: 'A security check of software versions, headers, forms and exposed files',
      }),
      msg({
        id: 'svc.web-audit.included.5',
        message: 'A prioritized action plan, presented to you in a walkthrough call',
      }),
    ],
    steps: [
      {
        title: msg({ id: 'svc.web-audit.step.1.title', message: 'Scope' }),
        text: msg({
          id: 'svc.web-audit.step.1.text',
          message:
            'We agree on which sections, templates and user journeys the audit covers, and get read access to what we need.',
        }),
      },
      {
        title: msg({ id: 'svc.web-audit.step.2.title', message: 'Scan' }),
        text: msg({
          id: 'svc.web-audit.step.2.text',
          message:
            'Automated tools crawl the site and collect performance, SEO, accessibility and security data.',
        }),
      },
      {
        title: msg({ id: 'svc.web-audit.step.3.title', message: 'Manual review' }),
        text: msg({
          id: 'svc.web-audit.step.3.text',
          message:
            'A senior developer verifies each finding, discards false positives and looks for what the tools miss.',
        }),
      },
      {
        title: msg({ id: 'svc.web-audit.step.4.title', message: 'Report and walkthrough' }),
        text: msg({
          id: 'svc.web-audit.step.4.text',
          message:
            'We deliver the report and go through it with you and your team, answering questions on every recommendation.',
        }),
      },
    ],
    audience: msg({
      id: 'svc.web-audit.audience',
      message:
        "Owners and marketing leads who inherited a site, are planning a redesign or want a second opinion on their current provider's work.",
    }),
    related: ['seo', 'web-security', 'web-optimization'],
  },
} satisfies Record<
  'seo' | 'sem' | 'email-marketing' | 'web-optimization' | 'web-audit',
  ServiceContent
>
