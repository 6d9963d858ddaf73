import {
  budgetLabels,
  budgetRanges,
  desiredStartLabels,
  desiredStarts,
} from '../../domain/leads/lead-options'
import { isLocale, type Locale } from '../../domain/locales'
import { isRequestStatus, requestStatusLabels } from '../../domain/requests/request-status'
import { asServiceId, serviceNames } from '../../domain/services/service-table'
import { localeNames } from '../contact/contact-messages'
import { translator } from '../i18n/server-i18n'
import {
  type ComposedMail,
  composeMail,
  type MailBlock,
  type MailFrame,
} from '../mail/compose-mail'
import {
  requestAcknowledgementMessages,
  requestAgencyMailMessages,
  requestStatusMailMessages,
  requestWithdrawnMailMessages,
} from './request-messages'

/** A history row with its request and client, as the mails need it. */
export type StoredRequestChange = {
  readonly requestId: string
  readonly clientName: string
  readonly clientLastName: string
  readonly clientEmail: string
  readonly clientLocale: string
  readonly serviceId: string
  readonly need: string
  readonly desiredStart: string
  readonly budget: string
  readonly toStatus: string
  readonly note: string
}

function serviceName(locale: Locale, serviceId: string): string {
  const service = asServiceId(serviceId)
  return service ? translator(locale)(serviceNames[service]) : serviceId
}

function briefRows(locale: Locale, change: StoredRequestChange): [string, string][] {
  const t = translator(locale)
  const m = requestAgencyMailMessages
  const start = desiredStarts.find((value) => value === change.desiredStart)
  const budget = budgetRanges.find((value) => value === change.budget)
  return [
    [t(m.service), serviceName(locale, change.serviceId)],
    [t(m.desiredStart), start ? t(desiredStartLabels[start]) : change.desiredStart],
    [t(m.budget), budget ? t(budgetLabels[budget]) : change.budget],
  ]
}

const clientOf = (change: StoredRequestChange) =>
  `${change.clientName} ${change.clientLastName}`.trim()

/** The request's entry in the agency's inbox (`/admin`, its detail open). */
export function requestInboxLink(publicUrl: string, requestId: string): string {
  return `${publicUrl}/admin?id=${encodeURIComponent(requestId)}`
}

/** Where a client follows their requests. */
export function myServicesLink(publicUrl: string): string {
  return `${publicUrl}/my-services`
}

/**
 * The agency's copy of a new request, in the agency's language (the frame's; the client's
 * language is one of the rows, to answer in it), with a link to the request in the inbox;
 * `Reply-To` is the client.
 */
export function composeRequestAgencyEmail(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestAgencyMailMessages
  const client = clientOf(change)
  const rows: [string, string][] = [
    [t(m.client), client],
    [t(m.email), change.clientEmail],
    [
      t(m.language),
      isLocale(change.clientLocale) ? t(localeNames[change.clientLocale]) : change.clientLocale,
    ],
    ...briefRows(frame.locale, change),
  ]
  const subject = `${t(m.subject)}: ${client}`
  const mail = composeMail(frame, subject, [
    { paragraph: t(m.intro) },
    { rows },
    { label: t(m.need), quote: change.need },
    { link: { href: requestInboxLink(frame.publicUrl, change.requestId), label: t(m.button) } },
  ])
  return { ...mail, replyTo: change.clientEmail }
}

/**
 * The client's acknowledgement of a new request, in their language: greeted by the name of
 * their account (the mail goes to its confirmed address), a link to My services and a copy of
 * the brief.
 */
export function composeRequestAcknowledgement(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestAcknowledgementMessages
  return composeMail(frame, t(m.subject), [
    { paragraph: t(m.greeting(change.clientName)) },
    { paragraph: t(m.body) },
    { link: { href: myServicesLink(frame.publicUrl), label: t(m.button) } },
    { paragraph: t(m.copy) },
    { rows: briefRows(frame.locale, change) },
    { quote: change.need },
    { paragraph: t(m.signature) },
  ])
}

/** The client's notice of a status change: the new status's label, the note, My services. */
export function composeRequestStatusEmail(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestStatusMailMessages
  const status = isRequestStatus(change.toStatus)
    ? t(requestStatusLabels[change.toStatus])
    : change.toStatus
  const rows: [string, string][] = [
    [t(m.service), serviceName(frame.locale, change.serviceId)],
    [t(m.status), status],
  ]
  return composeMail(frame, t(m.subject), [
    { paragraph: t(m.greeting(change.clientName)) },
    { paragraph: t(m.body) },
    { rows },
    ...(change.note === '' ? [] : [{ paragraph: t(m.note) }, { quote: change.note }]),
    { paragraph: t(m.follow) },
    { link: { href: myServicesLink(frame.publicUrl), label: t(m.button) } },
    { paragraph: t(m.signature) },
  ])
}

/**
 * The agency's notice that a client withdrew a request, in the agency's language, with the
 * client's reason when they gave one and a link to the request in the inbox; `Reply-To` is the
 * client.
 */
export function composeRequestWithdrawnEmail(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestWithdrawnMailMessages
  const client = clientOf(change)
  const blocks: MailBlock[] = [
    { paragraph: t(m.intro) },
    {
      rows: [
        [t(m.client), client],
        [t(m.email), change.clientEmail],
        [t(m.service), serviceName(frame.locale, change.serviceId)],
      ],
    },
    ...(change.note === '' ? [] : [{ label: t(m.note), quote: change.note }]),
    { link: { href: requestInboxLink(frame.publicUrl, change.requestId), label: t(m.button) } },
  ]
  const mail = composeMail(frame, `${t(m.subject)}: ${client}`, blocks)
  return { ...mail, replyTo: change.clientEmail }
}
