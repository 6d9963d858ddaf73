import type { Locale } from '../../domain/locales'
import { formatMoney } from '../../domain/money'
import { asServiceId, serviceNames } from '../../domain/services/service-table'
import { readerDay } from '../i18n/reader-dates'
import { translator } from '../i18n/server-i18n'
import { type ComposedMail, composeMail, type MailFrame } from '../mail/compose-mail'
import { proposalAnswerMailMessages, proposalSentMailMessages } from './proposal-messages'

/** A proposal event with its proposal, request and client, as the mails need it. */
export type StoredProposalEvent = {
  readonly requestId: string
  readonly serviceId: string
  readonly clientName: string
  readonly clientEmail: string
  readonly title: string
  readonly version: number
  readonly total: string
  readonly validUntil: string
  readonly note: string
  readonly fullName: string | null
}

function serviceName(locale: Locale, serviceId: string): string {
  const service = asServiceId(serviceId)
  return service ? translator(locale)(serviceNames[service]) : serviceId
}

const site = (frame: MailFrame) => frame.publicUrl.replace(/\/+$/, '')

/**
 * To the client, in their language (the outbox row's): a proposal to read, with a link to the
 * request's page.
 */
export function composeProposalSent(event: StoredProposalEvent, frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = proposalSentMailMessages
  return composeMail(frame, t(m.subject), [
    { paragraph: t(m.greeting) },
    { paragraph: t(m.body) },
    {
      rows: [
        [t(m.title), `${event.title} (${serviceName(frame.locale, event.serviceId)})`],
        [t(m.version), String(event.version)],
        [t(m.total), formatMoney(Number(event.total), frame.locale)],
        [t(m.validUntil), readerDay(event.validUntil, frame.locale)],
      ],
    },
    {
      link: {
        href: `${site(frame)}/my-services/${encodeURIComponent(event.requestId)}`,
        label: t(m.open),
      },
    },
    { paragraph: t(m.signature) },
  ])
}

/**
 * To the agency when the client accepts or declines, in AGENCY_LANGUAGE (the outbox row's);
 * `Reply-To` is the client.
 */
export function composeProposalAnswer(
  event: StoredProposalEvent,
  frame: MailFrame,
  answer: 'accepted' | 'declined',
): ComposedMail {
  const t = translator(frame.locale)
  const m = proposalAnswerMailMessages
  const subject = `${t(answer === 'accepted' ? m.acceptedSubject : m.declinedSubject)}: ${event.clientName}`
  const mail = composeMail(frame, subject, [
    { paragraph: t(answer === 'accepted' ? m.accepted : m.declined) },
    {
      rows: [
        [t(m.client), event.clientName],
        [t(m.email), event.clientEmail],
        [t(m.title), event.title],
        [t(m.version), String(event.version)],
        [t(m.total), formatMoney(Number(event.total), frame.locale)],
        ...(answer === 'accepted' && event.fullName
          ? [[t(m.signedAs), event.fullName] as [string, string]]
          : []),
      ],
    },
    ...(answer === 'declined' && event.note !== ''
      ? [{ label: t(m.reason), quote: event.note }]
      : []),
    {
      link: {
        href: `${site(frame)}/admin?id=${encodeURIComponent(event.requestId)}`,
        label: t(m.open),
      },
    },
  ])
  return { ...mail, replyTo: event.clientEmail }
}
