import type { Locale } from '../../domain/locales'
import { translator } from '../i18n/server-i18n'
import { budgetLabel, languageLabel, serviceLabel } from '../i18n/stored-labels'
import { composeAgencyCopy } from '../mail/agency-copy'
import { type ComposedMail, composeMail, type MailFrame } from '../mail/compose-mail'
import { greeting } from '../mail/greeting'
import { contactAcknowledgementMessages, contactAgencyMailMessages } from './contact-messages'

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

/** Everything the visitor sent but their name, address and message, as rows in `locale`. */
function enquiryRows(locale: Locale, enquiry: StoredEnquiry): [string, string][] {
  const t = translator(locale)
  const m = contactAgencyMailMessages
  const orNone = (value: string) => (value === '' ? t(m.none) : value)
  return [
    [t(m.phone), orNone(enquiry.phone)],
    [t(m.company), orNone(enquiry.company)],
    [t(m.service), serviceLabel(t, enquiry.serviceId) ?? t(m.none)],
    [t(m.budget), budgetLabel(t, enquiry.budget)],
    [t(m.language), languageLabel(t, enquiry.locale)],
  ]
}

/** The enquiry's entry in the agency's inbox (`/admin`, the enquiries tab, its detail open). */
export function enquiryInboxLink(publicUrl: string, enquiryId: string): string {
  return `${publicUrl}/admin?tab=enquiries&id=${encodeURIComponent(enquiryId)}`
}

/**
 * The agency's copy (composeAgencyCopy): every field and the whole message, with a link to the
 * enquiry in the inbox; answerable to the visitor.
 */
export function composeContactAgencyEmail(enquiry: StoredEnquiry, frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = contactAgencyMailMessages
  return composeAgencyCopy(frame, {
    subject: t(m.subject),
    from: { name: enquiry.name, email: enquiry.email },
    fromLabels: [t(m.name), t(m.email)],
    intro: t(m.intro),
    rows: enquiryRows(frame.locale, enquiry),
    quote: { label: t(m.message), text: enquiry.message },
    link: { href: enquiryInboxLink(frame.publicUrl, enquiry.id), label: t(m.button) },
  })
}

/**
 * The visitor's acknowledgement, in the page's language: our words, and at most the first word
 * of their name (`greetingName`). It goes to whatever address was typed into the form, without
 * an account, so anything more the visitor wrote in it (their message, the rest of the name)
 * would let a stranger send their text — a link, a lure — to anyone under the agency's name.
 */
export function composeContactAcknowledgement(
  enquiry: StoredEnquiry,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = contactAcknowledgementMessages
  return composeMail(frame, t(m.subject), [
    { paragraph: greeting(t, enquiry.name) },
    { paragraph: t(m.body) },
    { paragraph: t(m.notYou) },
    { paragraph: t(m.signature) },
  ])
}
