import type { Locale } from '../../domain/locales'
import { formatMoney } from '../../domain/money'
import { readerDay } from '../i18n/reader-dates'
import { translator } from '../i18n/server-i18n'
import { serviceLabel } from '../i18n/stored-labels'
import { composeAgencyCopy, requestInboxLink } from '../mail/agency-copy'
import { type ComposedMail, composeMail, type MailFrame } from '../mail/compose-mail'
import { greeting } from '../mail/greeting'
import { proposalAnswerMailMessages, proposalSentMailMessages } from './proposal-messages'

/** A proposal event with its proposal, request and client, as the mails need it. */
export type StoredProposalEvent = {
  readonly requestId: string
  /** The client's account: the reply address of a mail to them names it. */
  readonly clientId: string
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
  return serviceLabel(translator(locale), serviceId) ?? serviceId
}

const site = (frame: MailFrame) => frame.publicUrl.replace(/\/+$/, '')

/**
 * To the client, in their language (the outbox row's): a proposal to read, with a link to it on
 * the request's page.
 */
export function composeProposalSent(event: StoredProposalEvent, frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = proposalSentMailMessages
  return composeMail(frame, t(m.subject), [
    { paragraph: greeting(t, event.clientName) },
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
        // The request's page, opened on the proposal itself rather than its first section.
        href: `${site(frame)}/my-services/${encodeURIComponent(event.requestId)}#proposal-heading`,
        label: t(m.open),
      },
    },
    { paragraph: t(m.signature) },
  ])
}

/**
 * To the agency when the client accepts or declines (composeAgencyCopy), in AGENCY_LANGUAGE (the
 * outbox row's): the version, who signed it, or the client's reason.
 */
export function composeProposalAnswer(
  event: StoredProposalEvent,
  frame: MailFrame,
  answer: 'accepted' | 'declined',
): ComposedMail {
  const t = translator(frame.locale)
  const m = proposalAnswerMailMessages
  return composeAgencyCopy(frame, {
    subject: t(answer === 'accepted' ? m.acceptedSubject : m.declinedSubject),
    from: { name: event.clientName, email: event.clientEmail },
    fromLabels: [t(m.client), t(m.email)],
    intro: t(answer === 'accepted' ? m.accepted : m.declined),
    rows: [
      [t(m.title), event.title],
      [t(m.version), String(event.version)],
      [t(m.total), formatMoney(Number(event.total), frame.locale)],
      ...(answer === 'accepted' && event.fullName
        ? [[t(m.signedAs), event.fullName] as const]
        : []),
    ],
    quote:
      answer === 'declined' && event.note !== ''
        ? { label: t(m.reason), text: event.note }
        : undefined,
    link: { href: requestInboxLink(site(frame), event.requestId), label: t(m.open) },
  })
}
