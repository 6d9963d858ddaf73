import { serviceIds } from '../../src/domain/leads/contact-schema'
import { budgetLabels, budgetRanges } from '../../src/domain/leads/lead-options'
import { isLocale, type Locale } from '../../src/domain/locales'
import { serviceNames } from '../../src/domain/services/service-table'
import { translator } from '../i18n/server-i18n'
import type { ComposedMail } from '../mail/recovery-email'
import {
  contactAcknowledgementMessages,
  contactAgencyMailMessages,
  localeNames,
} from './contact-messages'

/** The two mails an enquiry sends through the outbox (`mail_outbox.kind`). */
export const contactMailKinds = {
  agency: 'contact_agency',
  acknowledgement: 'contact_acknowledgement',
} as const

/** An enquiry as stored (`contact_enquiries`), as the mails need it. */
export type StoredEnquiry = {
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly serviceId: string | null
  readonly budget: string
  readonly message: string
  readonly locale: string
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function wrapHtml(locale: Locale, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">
${body}
</body>
</html>
`
}

export const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`
/** The visitor's message keeps its line breaks (it is escaped, never interpreted as HTML). */
export const messageBlock = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c9d2e3;white-space:pre-wrap">${escapeHtml(text)}</blockquote>`

/** Everything the visitor sent, as label/value rows in `locale`. */
function enquiryRows(locale: Locale, enquiry: StoredEnquiry): [string, string][] {
  const t = translator(locale)
  const m = contactAgencyMailMessages
  const orNone = (value: string) => (value === '' ? t(m.none) : value)
  const service = serviceIds.find((id) => id === enquiry.serviceId)
  const budget = budgetRanges.find((range) => range === enquiry.budget)
  return [
    [t(m.name), enquiry.name],
    [t(m.email), enquiry.email],
    [t(m.phone), orNone(enquiry.phone)],
    [t(m.company), orNone(enquiry.company)],
    [t(m.service), service ? t(serviceNames[service]) : t(m.none)],
    [t(m.budget), budget ? t(budgetLabels[budget]) : enquiry.budget],
    [t(m.language), isLocale(enquiry.locale) ? t(localeNames[enquiry.locale]) : enquiry.locale],
  ]
}

/**
 * The agency's copy: every field and the whole message, in the visitor's language (the agency
 * answers in it). `Reply-To` is the visitor, so answering is one click.
 */
export function composeContactAgencyEmail(enquiry: StoredEnquiry): ComposedMail {
  const locale: Locale = isLocale(enquiry.locale) ? enquiry.locale : 'en'
  const t = translator(locale)
  const m = contactAgencyMailMessages
  const rows = enquiryRows(locale, enquiry)
  const subject = `${t(m.subject)}: ${enquiry.name}`
  const text = [
    t(m.intro),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t(m.message)}:`,
    enquiry.message,
    '',
  ].join('\n')
  const table = `<table style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`
  const html = wrapHtml(
    locale,
    subject,
    [
      paragraph(t(m.intro)),
      table,
      paragraph(`${t(m.message)}:`),
      messageBlock(enquiry.message),
    ].join('\n'),
  )
  return { subject, text, html, replyTo: enquiry.email }
}

/** The visitor's acknowledgement, in the page's language, with a copy of their message. */
export function composeContactAcknowledgement(enquiry: StoredEnquiry): ComposedMail {
  const locale: Locale = isLocale(enquiry.locale) ? enquiry.locale : 'en'
  const t = translator(locale)
  const m = contactAcknowledgementMessages
  const subject = t(m.subject)
  const text = [
    t(m.greeting),
    '',
    t(m.body),
    '',
    t(m.copy),
    '',
    enquiry.message,
    '',
    t(m.notYou),
    '',
    t(m.signature),
    '',
  ].join('\n')
  const html = wrapHtml(
    locale,
    subject,
    [
      paragraph(t(m.greeting)),
      paragraph(t(m.body)),
      paragraph(t(m.copy)),
      messageBlock(enquiry.message),
      paragraph(t(m.notYou)),
      paragraph(t(m.signature)),
    ].join('\n'),
  )
  return { subject, text, html }
}
