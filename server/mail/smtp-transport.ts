import nodemailer from 'nodemailer'
import type { SendMail } from './outbox-worker'

/** Sender: MAIL_FROM, else no-reply at the public site's host name. */
export function defaultFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname
  const domain = /^[\d.]+$|:/.test(host) || host === '' ? 'localhost' : host
  return `"Puente Digital" <no-reply@${domain}>`
}

/**
 * Bounds on one SMTP conversation, far below nodemailer's defaults (2 min to connect, 10 min of
 * silence): a batch of the outbox must end well within its claim lease (10 minutes for ten
 * mails), and a stalled server must not hold a mail for minutes. Query parameters of SMTP_URL
 * (`?socketTimeout=…`) still win.
 */
export const smtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const

/** A SendMail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(smtpUrl: string, from: string): { send: SendMail; close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts })
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      })
    },
    close() {
      transport.close()
    },
  }
}
