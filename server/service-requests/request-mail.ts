import { desiredStartLabels, desiredStarts } from '../../domain/leads/lead-options'
import type { Locale } from '../../domain/locales'
import { isRequestStatus, requestStatusLabels } from '../../domain/requests/request-status'
import { translator } from '../i18n/server-i18n'
import { budgetLabel, languageLabel, serviceLabel } from '../i18n/stored-labels'
import { composeAgencyCopy, requestInboxLink } from '../mail/agency-copy'
import { type ComposedMail, composeMail, type MailFrame } from '../mail/compose-mail'
import { greeting } from '../mail/greeting'
import {
  requestAcknowledgementMessages,
  requestAgencyMailMessages,
  requestStatusMailMessages,
  requestWithdrawnMailMessages,
} from './request-messages'

/** A history row with its request and client, as the mails need it. */
export type StoredRequestChange = {
  readonly requestId: string
  /** The client's account: the reply address of a mail to them names it. */
  readonly clientId: string
  /** `PD-2026-0042`: every request mail's subject ends with it. */
  readonly number: string
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

/** A request mail's subject with the request's number, quoted as it is in every reply. */
const numbered = (subject: string, change: StoredRequestChange) => `[${change.number}] ${subject}`

function serviceName(locale: Locale, serviceId: string): string {
  return serviceLabel(translator(locale), serviceId) ?? serviceId
}

function briefRows(locale: Locale, change: StoredRequestChange): [string, string][] {
  const t = translator(locale)
  const m = requestAgencyMailMessages
  const start = desiredStarts.find((value) => value === change.desiredStart)
  return [
    [t(m.service), serviceName(locale, change.serviceId)],
    [t(m.desiredStart), start ? t(desiredStartLabels[start]) : change.desiredStart],
    [t(m.budget), budgetLabel(t, change.budget)],
  ]
}

/** The client as an agency copy names them, and answers them. */
const clientOf = (change: StoredRequestChange) => ({
  name: `${change.clientName} ${change.clientLastName}`.trim(),
  email: change.clientEmail,
})

/** Where a client follows their requests. */
export function myServicesLink(publicUrl: string): string {
  return `${publicUrl}/my-services`
}

/**
 * The agency's copy of a new request (composeAgencyCopy; the client's language is one of the
 * rows, to answer in it), with a link to the request in the inbox.
 */
export function composeRequestAgencyEmail(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestAgencyMailMessages
  return composeAgencyCopy(frame, {
    subject: numbered(t(m.subject), change),
    from: clientOf(change),
    fromLabels: [t(m.client), t(m.email)],
    intro: t(m.intro),
    rows: [
      [t(m.language), languageLabel(t, change.clientLocale)],
      ...briefRows(frame.locale, change),
    ],
    quote: { label: t(m.need), text: change.need },
    link: { href: requestInboxLink(frame.publicUrl, change.requestId), label: t(m.button) },
  })
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
  return composeMail(frame, numbered(t(m.subject), change), [
    { paragraph: greeting(t, change.clientName) },
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
  return composeMail(frame, numbered(t(m.subject), change), [
    { paragraph: greeting(t, change.clientName) },
    { paragraph: t(m.body) },
    { rows },
    ...(change.note === '' ? [] : [{ paragraph: t(m.note) }, { quote: change.note }]),
    { paragraph: t(m.follow) },
    { link: { href: myServicesLink(frame.publicUrl), label: t(m.button) } },
    { paragraph: t(m.signature) },
  ])
}

/**
 * The agency's notice that a client withdrew a request (composeAgencyCopy), with the client's
 * reason when they gave one and a link to the request in the inbox.
 */
export function composeRequestWithdrawnEmail(
  change: StoredRequestChange,
  frame: MailFrame,
): ComposedMail {
  const t = translator(frame.locale)
  const m = requestWithdrawnMailMessages
  return composeAgencyCopy(frame, {
    subject: numbered(t(m.subject), change),
    from: clientOf(change),
    fromLabels: [t(m.client), t(m.email)],
    intro: t(m.intro),
    rows: [[t(m.service), serviceName(frame.locale, change.serviceId)]],
    quote: change.note === '' ? undefined : { label: t(m.note), text: change.note },
    link: { href: requestInboxLink(frame.publicUrl, change.requestId), label: t(m.button) },
  })
}
