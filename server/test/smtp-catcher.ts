import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on loopback that keeps every message it accepts (tests only). */
export type SmtpMode = 'accept' | 'reject' | 'refuse-recipient'

export type CaughtMail = {
  readonly to: string[]
  readonly raw: string
  readonly text: string
  readonly html: string
  readonly subject: string
}

export type SmtpCatcher = {
  readonly url: string
  readonly mails: CaughtMail[]
  /**
   * Resolves with the first mail (in arrival order) sent to `address` that `matching` accepts
   * (any by default), waiting for it if needed.
   */
  waitForMail(
    address: string,
    timeoutMs?: number,
    matching?: (mail: CaughtMail) => boolean,
  ): Promise<CaughtMail>
  /**
   * `reject`: answer every recipient with 451 (a temporary failure, as a full or greylisting
   * server does) and count the attempt; `refuse-recipient`: answer 550 quoting the address, as
   * real servers word it (`<ana@example.com>: Recipient address rejected: User unknown`), and
   * count the attempt; `accept`: take mail again.
   */
  setMode(mode: SmtpMode): void
  /**
   * Answer each message this long after its last byte (as a real provider does, 0.2–1 s): the
   * message is in `mails`, readable, from its last byte on.
   */
  setReplyDelay(milliseconds: number): void
  /** Deliveries refused while in `reject` mode. */
  readonly rejected: number
  close(): Promise<void>
}

function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decode(text.replace(/_/g, ' '), 'quoted-printable'),
    )
}

function headerOf(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ')
  return decodeWords(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '')
}

/** Just enough MIME for nodemailer's output: the text/plain and text/html parts, decoded. */
export function parseMail(raw: string): Omit<CaughtMail, 'to' | 'raw'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const body = rest.join('\r\n\r\n')
  const result = { subject: headerOf(head, 'Subject'), text: '', html: '' }
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(head, 'Content-Type'))?.[1]
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`]
  for (const part of parts) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
    const type = headerOf(partHead, 'Content-Type').toLowerCase()
    const content = decode(
      partBody.join('\r\n\r\n'),
      headerOf(partHead, 'Content-Transfer-Encoding').toLowerCase(),
    )
    if (type.startsWith('text/plain')) result.text = content
    if (type.startsWith('text/html')) result.html = content
  }
  return result
}

/**
 * `saveTo`: also write each message there as `<n>.eml` (for readers in other processes, such as
 * the end-to-end tests' workers).
 */
export async function startSmtpCatcher({
  saveTo,
  port: wantedPort = 0,
  replyDelayMs = 0,
}: {
  saveTo?: string
  /** A fixed port, to bring a server "back" where a stopped one was. */
  port?: number
  /** See `setReplyDelay`. */
  replyDelayMs?: number
} = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = []
  const waiters: Array<() => void> = []
  let mode: SmtpMode = 'accept'
  let replyDelay = replyDelayMs
  let rejected = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (mode === 'accept') return callback()
      rejected += 1
      const error =
        mode === 'reject'
          ? Object.assign(new Error('Mailbox temporarily unavailable, try again later'), {
              responseCode: 451,
            })
          : Object.assign(
              new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`),
              { responseCode: 550 },
            )
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) })
        if (saveTo) writeFileSync(join(saveTo, `${mails.length}.eml`), raw)
        for (const wake of waiters.splice(0)) wake()
        if (replyDelay > 0) setTimeout(() => callback(), replyDelay)
        else callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, timeoutMs = 10_000, matching = () => true) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = mails.find(
          (mail) =>
            mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && matching(mail),
        )
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    setMode(next) {
      mode = next
    },
    setReplyDelay(milliseconds) {
      replyDelay = milliseconds
    },
    get rejected() {
      return rejected
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The token of the verification link in a mail's plain text. */
export function verificationTokenIn(text: string, publicUrl: string): string | undefined {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped}/verify-email\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1]
}

/** The token of the reset link in a mail's plain text. */
export function resetTokenIn(text: string, publicUrl: string): string | undefined {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1]
}
