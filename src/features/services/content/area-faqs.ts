import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AreaId } from '../../../../domain/services/service-table'

export type Faq = { readonly question: MessageDescriptor; readonly answer: MessageDescriptor }

/**
 * The questions clients ask about each area, shown on every service page of the area (as
 * disclosures) and given to search engines as the page's `FAQPage` structured data.
 */
export const areaFaqs: Record<AreaId, readonly Faq[]> = {
  'web-development': [
    {
      question: msg({ id: 'faq.web-development.1.q', message: 'How long does a website take?' }),
      answer: msg({
        id: 'faq.web-development.1.a',
        message:
          'A marketing site usually takes six to ten weeks from the first call to launch; a web application is planned in stages of four to six weeks, each ending with something you can use.',
      }),
    },
    {
      question: msg({ id: 'faq.web-development.2.q', message: 'Who owns the code?' }),
      answer: msg({
        id: 'faq.web-development.2.a',
        message:
          'You do. The repository, the designs and the accounts are in your name from the start, and we hand over documentation your team or another agency can work from.',
      }),
    },
    {
      question: msg({
        id: 'faq.web-development.3.q',
        message: 'Can you work with our existing site or team?',
      }),
      answer: msg({
        id: 'faq.web-development.3.a',
        message:
          'Yes. We often join an in-house team or take over a site another studio built; we start with a short review so we know what we are inheriting.',
      }),
    },
  ],
  'ux-ui-design': [
    {
      question: msg({ id: 'faq.ux-ui-design.1.q', message: 'Do we need research before design?' }),
      answer: msg({
        id: 'faq.ux-ui-design.1.a',
        message:
          'A little always pays: a week of interviews and a look at your analytics usually change what we design. We size the research to the decisions it has to support.',
      }),
    },
    {
      question: msg({ id: 'faq.ux-ui-design.2.q', message: 'What do we receive at the end?' }),
      answer: msg({
        id: 'faq.ux-ui-design.2.a',
        message:
          'Editable design files, a clickable prototype, the components and their states, and notes developers can build from, whoever builds it.',
      }),
    },
    {
      question: msg({
        id: 'faq.ux-ui-design.3.q',
        message: 'Is accessibility part of the design?',
      }),
      answer: msg({
        id: 'faq.ux-ui-design.3.a',
        message:
          'Always. Colours, type, focus states and reading order are checked against WCAG 2.2 AA while we design, not fixed afterwards.',
      }),
    },
  ],
  'seo-marketing': [
    {
      question: msg({ id: 'faq.seo-marketing.1.q', message: 'When will we see results?' }),
      answer: msg({
        id: 'faq.seo-marketing.1.a',
        message:
          'Paid campaigns bring visits within days; organic search usually needs three to six months to move. We report monthly on both, in plain numbers.',
      }),
    },
    {
      question: msg({ id: 'faq.seo-marketing.2.q', message: 'Do you work in both languages?' }),
      answer: msg({
        id: 'faq.seo-marketing.2.a',
        message:
          'Yes. Keywords, adverts and newsletters are written natively in Spanish and in English, because people search differently in each.',
      }),
    },
    {
      question: msg({ id: 'faq.seo-marketing.3.q', message: 'Do you guarantee first place?' }),
      answer: msg({
        id: 'faq.seo-marketing.3.a',
        message:
          'No one honestly can. We promise the work — technical fixes, content and links — and we show what it changed.',
      }),
    },
  ],
  'maintenance-support': [
    {
      question: msg({
        id: 'faq.maintenance-support.1.q',
        message: 'How fast do you answer when something breaks?',
      }),
      answer: msg({
        id: 'faq.maintenance-support.1.a',
        message:
          'Within one business hour during office hours; plans with out-of-hours cover answer an outage within thirty minutes, day or night.',
      }),
    },
    {
      question: msg({
        id: 'faq.maintenance-support.2.q',
        message: 'Can you look after a site you did not build?',
      }),
      answer: msg({
        id: 'faq.maintenance-support.2.a',
        message:
          'Yes. We start with an audit and a full backup, then fix what is urgent before taking the site into a regular plan.',
      }),
    },
    {
      question: msg({ id: 'faq.maintenance-support.3.q', message: 'Where are backups kept?' }),
      answer: msg({
        id: 'faq.maintenance-support.3.a',
        message:
          'In a second provider and region, encrypted, with a restore tested every quarter so we know they work.',
      }),
    },
  ],
  'advanced-solutions': [
    {
      question: msg({
        id: 'faq.advanced-solutions.1.q',
        message: 'How do you estimate a custom project?',
      }),
      answer: msg({
        id: 'faq.advanced-solutions.1.a',
        message:
          'We start with a paid discovery of two to three weeks that ends in a plan, a prototype of the riskiest part and a range of cost you can decide on.',
      }),
    },
    {
      question: msg({
        id: 'faq.advanced-solutions.2.q',
        message: 'Which cloud or platform do you use?',
      }),
      answer: msg({
        id: 'faq.advanced-solutions.2.a',
        message:
          'The one that suits your team and budget. We work with the major clouds and with simple servers, and we avoid lock-in you did not choose.',
      }),
    },
    {
      question: msg({ id: 'faq.advanced-solutions.3.q', message: 'How is security handled?' }),
      answer: msg({
        id: 'faq.advanced-solutions.3.a',
        message:
          'From the first design: threat modelling, least privilege, dependency updates and a review by a second engineer before anything reaches production.',
      }),
    },
  ],
}
