import type { Locale } from '../../domain/locales'
import { translator } from '../i18n/server-i18n'
import { serviceLabel } from '../i18n/stored-labels'
import {
  type ComposedMail,
  composeMail,
  type MailBlock,
  type MailFrame,
} from '../mail/compose-mail'
import { greeting } from '../mail/greeting'
import { digestMailMessages as m } from './thread-messages'

/** A digest as the worker reads it when it is sent: the messages the recipient has not read. */
export type StoredDigest = {
  readonly requestId: string
  /** The client's account: the reply address of a mail to them names it. */
  readonly clientId: string
  readonly serviceId: string
  readonly clientName: string
  readonly messages: readonly { readonly body: string; readonly files: readonly string[] }[]
}

/** The mail quotes this many messages, each cut to `quoteChars`; the page has the rest. */
const quotedMessages = 5
const quoteChars = 1000

function serviceName(locale: Locale, serviceId: string): string {
  return serviceLabel(translator(locale), serviceId) ?? serviceId
}

function quotes(locale: Locale, digest: StoredDigest): MailBlock[] {
  const t = translator(locale)
  const blocks: MailBlock[] = digest.messages.slice(0, quotedMessages).flatMap((message) => {
    const body = [...message.body]
    const quote = body.length > quoteChars ? `${body.slice(0, quoteChars).join('')}…` : message.body
    return [
      { quote },
      ...(message.files.length > 0
        ? [{ rows: [[t(m.attached), message.files.join(', ')]] as const }]
        : []),
    ]
  })
  const rest = digest.messages.length - quotedMessages
  return rest > 0 ? [...blocks, { paragraph: t(m.more(rest)) }] : blocks
}

/** To the client, in their language (the outbox row's), with a link to the request's page. */
export function composeClientDigest(digest: StoredDigest, frame: MailFrame): ComposedMail {
  const { locale, publicUrl } = frame
  const t = translator(locale)
  const count = digest.messages.length
  return composeMail(frame, t(count === 1 ? m.clientSubjectOne : m.clientSubjectMany(count)), [
    { paragraph: greeting(t, digest.clientName) },
    { paragraph: t(m.clientIntro(serviceName(locale, digest.serviceId))) },
    ...quotes(locale, digest),
    {
      link: {
        href: `${publicUrl}/my-services/${encodeURIComponent(digest.requestId)}`,
        label: t(m.openClient),
      },
    },
    // "Reply on the website, not to this email" holds only while replies by email are not
    // received; otherwise the frame's last sentence invites the reply.
    ...(frame.replyAddress === undefined ? [{ paragraph: t(m.clientFollow) }] : []),
    { paragraph: t(m.signature) },
  ])
}

/** To the agency (AGENCY_EMAIL), in AGENCY_LANGUAGE (the outbox row's), with a link to the inbox's detail. */
export function composeAgencyDigest(digest: StoredDigest, frame: MailFrame): ComposedMail {
  const { locale, publicUrl } = frame
  const t = translator(locale)
  const count = digest.messages.length
  const client = digest.clientName
  const subject = count === 1 ? m.agencySubjectOne(client) : m.agencySubjectMany(count, client)
  return composeMail(frame, t(subject), [
    { paragraph: t(m.agencyIntro(client, serviceName(locale, digest.serviceId))) },
    ...quotes(locale, digest),
    {
      link: {
        href: `${publicUrl}/admin?id=${encodeURIComponent(digest.requestId)}`,
        label: t(m.openAgency),
      },
    },
  ])
}
