import { budgetLabels, budgetRanges } from '../../domain/leads/lead-options'
import { isLocale, type Locale } from '../../domain/locales'
import { asServiceId, serviceNames } from '../../domain/services/service-table'
import { translator } from '../i18n/server-i18n'
import { type ComposedMail, composeMail, type MailFrame } from '../mail/compose-mail'
import {
  contactAcknowledgementMessages,
  contactAgencyMailMessages,
  localeNames,
} from './contact-messages'

/** An enquiry as stored (`contact_enquiries`), as the mails need it. */
export type StoredEnquiry = {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly serviceId: string | null
  readonly budget: string
  readonly message: string
  readonly locale: string
}

/** Everything the visitor sent, as label/value rows in `locale`. */
function enquiryRows(locale: Locale, enquiry: StoredEnquiry): [string, string][] {
  const t = translator(locale)
  const m = contactAgencyMailMessages
  const orNone = (value: string) => (value === '' ? t(m.none) : value)
  const service = asServiceId(enquiry.serviceId)
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

/** The enquiry's entry in the agency's inbox (`/admin`, the enquiries tab, its detail open). */
export function enquiryInboxLink(publicUrl: string, enquiryId: string): string {
  return `${publicUrl}/admin?tab=enquiries&id=${encodeURIComponent(enquiryId)}`
}

/**
 * The agency's copy: every field and the whole message, in the agency's language (the frame's;
 * the visitor's language is one of the rows, to answer in it), with a link to the enquiry in
 * the inbox. `Reply-To` is the visitor, so answering is one click.
 */
export function composeContactAgencyEmail(enquiry: StoredEnquiry, frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = contactAgencyMailMessages
  const rows = enquiryRows(frame.locale, enquiry)
  const subject = `${t(m.subject)}: ${enquiry.name}`
  const mail = composeMail(frame, subject, [
    { paragraph: t(m.intro) },
    { rows },
    { label: t(m.message), quote: enquiry.message },
    { link: { href: enquiryInboxLink(frame.publicUrl, enquiry.id), label: t(m.button) } },
  ])
  return { ...mail, replyTo: enquiry.email }
}

/**
 * The first word of the name the visitor typed, when it is plainly a name: letters (any
 * script), an apostrophe or a hyphen, at most 30 of them. Anything else (a word with a dot, a
 * slash, an @ or a digit, as a link or an address has) greets without a name.
 */
export function greetingName(name: string): string | undefined {
  const first = name.trim().split(/\s+/u)[0] ?? ''
  return /^[\p{L}\p{M}][\p{L}\p{M}'’-]{0,29}$/u.test(first) ? first : undefined
}

/**
 * The visitor's acknowledgement, in the page's language: our words, and at most the first word
 * of their name (greetingName). It goes to whatever address was typed into the form, without
 * an account, so anything more the visitor wrote in it (their message, the rest of the name)
 * would let a stranger send their text — a link, a lure — to anyone under the agency's name.
 */
export function composeContactAcknowledgement(
  enquiry: StoredEnquiry,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = contactAcknowledgementMessages
  const firstName = greetingName(enquiry.name)
  return composeMail(frame, t(m.subject), [
    { paragraph: firstName ? t(m.greetingNamed(firstName)) : t(m.greeting) },
    { paragraph: t(m.body) },
    { paragraph: t(m.notYou) },
    { paragraph: t(m.signature) },
  ])
}
