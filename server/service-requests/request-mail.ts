import {
  budgetLabels,
  budgetRanges,
  desiredStartLabels,
  desiredStarts,
} from '../../src/domain/leads/lead-options'
import { isLocale, type Locale } from '../../src/domain/locales'
import { isRequestStatus, requestStatusLabels } from '../../src/domain/requests/request-status'
import { asServiceId, serviceNames } from '../../src/domain/services/service-table'
import { translator } from '../i18n/server-i18n'
import type { ComposedMail } from '../mail/compose-mail'
import { composeMail } from '../mail/compose-mail'
import {
  requestAcknowledgementMessages,
  requestAgencyMailMessages,
  requestStatusMailMessages,
} from './request-messages'

/** A history row with its request and client, as the mails need it. */
export type StoredRequestChange = {
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

const localeOf = (change: StoredRequestChange): Locale =>
  isLocale(change.clientLocale) ? change.clientLocale : 'en'

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

/**
 * The agency's copy of a new request, in the client's language (the agency answers in it);
 * `Reply-To` is the client.
 */
export function composeRequestAgencyEmail(change: StoredRequestChange): ComposedMail {
  const locale = localeOf(change)
  const t = translator(locale)
  const m = requestAgencyMailMessages
  const client = `${change.clientName} ${change.clientLastName}`.trim()
  const rows: [string, string][] = [
    [t(m.client), client],
    [t(m.email), change.clientEmail],
    ...briefRows(locale, change),
  ]
  const subject = `${t(m.subject)}: ${client}`
  const mail = composeMail(locale, subject, [
    { paragraph: t(m.intro) },
    { rows },
    { label: t(m.need), quote: change.need },
  ])
  return { ...mail, replyTo: change.clientEmail }
}

/** The client's acknowledgement of a new request, in their language, with a copy of the brief. */
export function composeRequestAcknowledgement(change: StoredRequestChange): ComposedMail {
  const locale = localeOf(change)
  const t = translator(locale)
  const m = requestAcknowledgementMessages
  return composeMail(locale, t(m.subject), [
    { paragraph: t(m.greeting) },
    { paragraph: t(m.body) },
    { paragraph: t(m.copy) },
    { rows: briefRows(locale, change) },
    { quote: change.need },
    { paragraph: t(m.signature) },
  ])
}

/** The client's notice of a status change: the new status's label and the agency's note. */
export function composeRequestStatusEmail(change: StoredRequestChange): ComposedMail {
  const locale = localeOf(change)
  const t = translator(locale)
  const m = requestStatusMailMessages
  const status = isRequestStatus(change.toStatus)
    ? t(requestStatusLabels[change.toStatus])
    : change.toStatus
  const rows: [string, string][] = [
    [t(m.service), serviceName(locale, change.serviceId)],
    [t(m.status), status],
  ]
  return composeMail(locale, t(m.subject), [
    { paragraph: t(m.greeting) },
    { paragraph: t(m.body) },
    { rows },
    ...(change.note === '' ? [] : [{ paragraph: t(m.note) }, { quote: change.note }]),
    { paragraph: t(m.follow) },
    { paragraph: t(m.signature) },
  ])
}
