import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import type { Pool } from 'pg'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import * as v from 'valibot'
import type { ThreadSide } from '../../domain/api/api-contract'
import { isUuid } from '../../domain/ids/uuid'
import { isLocale, type Locale } from '../../domain/locales'
import { threadLimits } from '../../domain/requests/thread-limits'
import {
  createAgencyMessageSchema,
  createClientMessageSchema,
} from '../../domain/requests/thread-schemas'
import type { RateRules } from '../http/rate-rules'
import { translator } from '../i18n/server-i18n'
import type { Logger } from '../log/logger'
import { type SecurityEventFields, securityEventOf } from '../log/security-event'
import {
  type ClaimedReply,
  type ReplyAddresses,
  type ReplyTarget,
  readReplyAddress,
  signedFor,
} from '../mail/reply-address'
import { insertMessage } from '../messages/thread-change-store'
import type { Thread } from '../messages/thread-store'
import type { RateLimiter } from '../security/rate-limit'
import type { FileBytes } from '../storage/file-bytes'
import { discardAttachments, storeAttachment } from './store-attachment'
import { stripReply } from './strip-reply'

/**
 * Replies by email (docs/decisions/062): an SMTP server for the mail domain's MX that takes a
 * mail only for a valid reply address (`reply+<token>@INBOUND_MAIL_DOMAIN`, signed for its
 * request and side: RCPT refused otherwise), within a size limit, and only from the request's
 * client (a client's address) or an admin (the agency's): then its new text — quotes and
 * signature stripped — lands in the request's thread as a message of its author, with its
 * attachments stored as uploads are, and the other side hears of it as of any message (the live
 * event, the digest mail). Every refusal is an SMTP error the sending server bounces, and a
 * security event.
 *
 * Nothing is kept between mails but the connection's own envelope: any instance may receive
 * any reply, and the same mail delivered twice (same Message-ID, to one instance or two) is
 * stored once by the database's unique index.
 */

/** A mail above this is refused (SIZE advertises it): five 10 MB files, base64-encoded, and text. */
export const defaultInboundMessageBytes = 70 * 1024 * 1024

/**
 * Sending servers connected to one instance at once; one more is answered 421 (try again in a
 * moment), as busy mail servers do. Each holds at most one mail in memory (up to the size limit).
 */
export const defaultInboundConnections = 20

export type InboundOptions = {
  readonly pool: Pool
  /** Where attachments' bytes go: the uploads' store (FILE_STORAGE). */
  readonly files: FileBytes
  readonly logger: Logger
  readonly replies: ReplyAddresses
  readonly host: string
  /** 0: any free port (tests). */
  readonly port: number
  readonly maxMessageBytes?: number
  readonly maxConnections?: number
  /** Where the agency's digest goes, and its language (as for a message written on the site). */
  readonly agencyEmail: string
  readonly agencyLocale: Locale
  readonly digestDelaySeconds: number
  /**
   * The per-account limits a message and its files count against, shared with the site's (a
   * reply by mail is a message; its attachments are uploads).
   */
  readonly rateLimiter: RateLimiter
  readonly rateRules: Pick<RateRules, 'threadMessagesPerAccount' | 'uploadBytesPerAccount'>
  readonly now?: () => Date
}

export type InboundListener = {
  readonly port: number
  /** Stops taking connections and ends the open ones (a mail in hand is refused and resent later). */
  close(): Promise<void>
}

/** An SMTP answer that refuses (5xx: for good; 4xx: try later). */
function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code })
}

/** The reply address a session's RCPT was accepted for: its side, and the request's thread. */
type Accepted = { readonly target: ReplyTarget; readonly thread: Thread }

/** Who wrote a reply: the request's client, or one admin. */
type Author = { readonly id: string; readonly side: ThreadSide; readonly locale: Locale }

const firstAddress = (from: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(from) ? from[0] : from)?.value[0]?.address?.toLowerCase()

/**
 * A mail no person wrote in answer (RFC 3834's `Auto-Submitted`, the older `Precedence` and
 * `X-Autoreply` of vacation responders and lists).
 */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? '').toLowerCase()
  const submitted = header('auto-submitted')
  return (
    (submitted !== '' && submitted !== 'no') ||
    ['bulk', 'junk', 'list', 'auto_reply'].includes(header('precedence')) ||
    header('x-autoreply') !== ''
  )
}

async function readAll(stream: SMTPServerDataStream, limit: number): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const bytes = chunk as Buffer
    size += bytes.length
    // Read to the end (the client waits for our answer after its last byte), keep nothing past the limit.
    if (size <= limit) chunks.push(bytes)
  }
  return stream.sizeExceeded || size > limit ? 'too_large' : Buffer.concat(chunks)
}

export async function startInboundListener(options: InboundOptions): Promise<InboundListener> {
  const { pool, logger, replies } = options
  const limit = options.maxMessageBytes ?? defaultInboundMessageBytes
  const now = options.now ?? (() => new Date())
  const accepted = new WeakMap<SMTPServerSession, Accepted>()
  const event = (
    session: SMTPServerSession,
    name: 'inbound.received' | 'inbound.duplicate' | 'inbound.refused',
    fields: SecurityEventFields,
  ) => securityEventOf(logger, session.remoteAddress, name, fields)

  /** The request a claimed address names, if it exists and the address was signed for it. */
  async function verify(claimed: ClaimedReply): Promise<Accepted | undefined> {
    if (!isUuid(claimed.requestId)) return undefined
    const { rows } = await pool.query<{ user_id: string }>(
      'SELECT user_id FROM service_requests WHERE id = $1',
      [claimed.requestId],
    )
    const clientId = rows[0]?.user_id
    if (!clientId) return undefined
    const target: ReplyTarget =
      claimed.side === 'client'
        ? { side: 'client', requestId: claimed.requestId, accountId: clientId }
        : { side: 'agency', requestId: claimed.requestId }
    return signedFor(replies.key, claimed, target)
      ? { target, thread: { requestId: claimed.requestId, clientId } }
      : undefined
  }

  /**
   * The author a From address is allowed to be: the request's client for a client's address,
   * an admin for the agency's. The From header is what the person sees and what their mail
   * provider signs (DKIM); the envelope sender is often a bounce address instead.
   */
  async function authorOf(reply: Accepted, from: string): Promise<Author | undefined> {
    const { rows } =
      reply.target.side === 'client'
        ? await pool.query<{ id: string; locale: string }>(
            'SELECT id, locale FROM users WHERE id = $1 AND lower(email) = $2',
            [reply.thread.clientId, from],
          )
        : await pool.query<{ id: string; locale: string }>(
            `SELECT id, locale FROM users WHERE role = 'admin' AND lower(email) = $1`,
            [from],
          )
    const row = rows[0]
    return (
      row && {
        id: row.id,
        side: reply.target.side,
        locale: isLocale(row.locale) ? row.locale : 'en',
      }
    )
  }

  /** The reply's own text, checked as a message typed on the site is (the author's language). */
  function bodyOf(mail: ParsedMail, author: Author): string | undefined {
    const text = [...stripReply(mail.text ?? '')].slice(0, threadLimits.bodyMax).join('')
    const t = translator(author.locale)
    const schema =
      author.side === 'agency' ? createAgencyMessageSchema(t) : createClientMessageSchema(t)
    const parsed = v.safeParse(schema, { body: text })
    return parsed.success ? parsed.output.body : undefined
  }

  async function receive(session: SMTPServerSession, raw: Buffer): Promise<void> {
    const reply = accepted.get(session)
    if (!reply) throw smtpError(503, '5.5.1 No valid recipient')
    const { requestId } = reply.target
    const refuse = (code: number, text: string, reason: string, accountId?: string) => {
      event(session, 'inbound.refused', { requestId, side: reply.target.side, reason, accountId })
      return smtpError(code, text)
    }
    const mail = await simpleParser(raw, { skipHtmlToText: false })
    if (isAutomatic(mail)) {
      // An out-of-office answer or a mailing list's copy: taken (so nothing bounces back and
      // forth) and dropped, never a message of the thread.
      event(session, 'inbound.refused', { requestId, side: reply.target.side, reason: 'automatic' })
      return
    }
    const from = firstAddress(mail.from)
    const author = from ? await authorOf(reply, from) : undefined
    if (!author)
      throw refuse(550, '5.7.1 This sender may not reply to this address', 'forged_sender')
    const mailMessageId =
      mail.messageId?.slice(0, 500) ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`
    const known = await pool.query(
      'SELECT 1 FROM thread_messages WHERE request_id = $1 AND mail_message_id = $2',
      [requestId, mailMessageId],
    )
    if (known.rowCount) {
      event(session, 'inbound.duplicate', { requestId, accountId: author.id })
      return
    }
    const body = bodyOf(mail, author)
    if (body === undefined)
      throw refuse(550, '5.6.0 The reply has no text of its own', 'empty', author.id)
    const files = mail.attachments.filter((file) => !file.related)
    if (files.length > threadLimits.filesPerMessage)
      throw refuse(
        552,
        `5.3.4 At most ${threadLimits.filesPerMessage} attachments a message`,
        'too_many_files',
        author.id,
      )
    const { threadMessagesPerAccount, uploadBytesPerAccount } = options.rateRules
    const perAccount = await options.rateLimiter.hit(threadMessagesPerAccount, author.id)
    if (!perAccount.allowed)
      throw refuse(451, '4.7.1 Too many messages, try again later', 'rate_limited', author.id)
    const bytes = files.reduce((total, file) => total + file.content.length, 0)
    if (bytes > 0) {
      const uploaded = await options.rateLimiter.spend(uploadBytesPerAccount, author.id, bytes)
      if (!uploaded.allowed)
        throw refuse(
          451,
          '4.7.1 Too many files this hour, try again later',
          'rate_limited',
          author.id,
        )
    }
    const fileIds: string[] = []
    let kept = false
    try {
      for (const file of files) {
        const stored = await storeAttachment(pool, options.files, {
          requestId,
          ownerId: author.id,
          name: file.filename ?? 'attachment',
          content: file.content,
        })
        if (!stored.ok)
          throw refuse(
            stored.reason === 'type' ? 554 : 552,
            stored.reason === 'type'
              ? '5.6.1 An attachment is of a type the conversation does not accept (PDF, images, text, Office documents)'
              : '5.3.4 An attachment is too large, or the request has no room for it',
            `attachment_${stored.reason}`,
            author.id,
          )
        fileIds.push(stored.id)
      }
      const at = now()
      const sent = await insertMessage(pool, {
        thread: reply.thread,
        author: { side: author.side, userId: author.id },
        internal: false,
        body,
        fileIds,
        now: at,
        digestDueAt: new Date(at.getTime() + options.digestDelaySeconds * 1000),
        agencyEmail: options.agencyEmail,
        agencyLocale: options.agencyLocale,
        mailMessageId,
      })
      if (sent.outcome === 'duplicate') {
        event(session, 'inbound.duplicate', { requestId, accountId: author.id })
        return
      }
      if (sent.outcome !== 'sent')
        throw refuse(552, '5.3.4 The request has no room for these attachments', 'quota', author.id)
      kept = true
      event(session, 'inbound.received', {
        requestId,
        accountId: author.id,
        side: author.side,
        files: fileIds.length,
      })
    } finally {
      if (!kept) await discardAttachments(pool, fileIds)
    }
  }

  const server = new SMTPServer({
    name: replies.domain,
    banner: 'replies to Puente Digital',
    size: limit,
    maxClients: options.maxConnections ?? defaultInboundConnections,
    // The sender's host name is never used: no DNS lookup for each connection.
    disableReverseLookup: true,
    // Delivery between mail servers: no sign-in. STARTTLS is left to a relay in front (README).
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A stop waits this long for a mail in progress, within the stop's 8 s drain.
    closeTimeout: 5_000,
    onMailFrom(_address, session, callback) {
      accepted.delete(session)
      callback()
    },
    onRcptTo(address, session, callback) {
      const claimed = readReplyAddress(replies.domain, address.address)
      if (!claimed) {
        event(session, 'inbound.refused', { reason: 'unknown_address' })
        callback(smtpError(550, '5.1.1 No such mailbox'))
        return
      }
      if (accepted.has(session)) {
        callback(smtpError(452, '4.5.3 One reply address a message'))
        return
      }
      verify(claimed).then(
        (reply) => {
          if (!reply) {
            event(session, 'inbound.refused', { reason: 'invalid_token', side: claimed.side })
            callback(smtpError(550, '5.1.1 No such mailbox'))
            return
          }
          accepted.set(session, reply)
          callback()
        },
        (error: unknown) => {
          logger.error({ event: 'inbound.failed', error: String(error) })
          callback(smtpError(451, '4.3.0 Try again later'))
        },
      )
    },
    onData(stream, session, callback) {
      readAll(stream, limit)
        .then(async (raw) => {
          if (raw === 'too_large') {
            const reply = accepted.get(session)
            event(session, 'inbound.refused', {
              reason: 'too_large',
              requestId: reply?.target.requestId,
            })
            throw smtpError(552, `5.3.4 Message larger than ${limit} bytes`)
          }
          await receive(session, raw)
        })
        .then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof Error && 'responseCode' in error) {
              callback(error)
              return
            }
            logger.error({ event: 'inbound.failed', error: String(error) })
            callback(smtpError(451, '4.3.0 Try again later'))
          },
        )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (error: Error) =>
    logger.warn({ event: 'inbound.failed', error: error.message }),
  )
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
