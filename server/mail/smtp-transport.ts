import nodemailer from 'nodemailer'
import type { SendMail } from './outbox-worker'

/** Sender: MAIL_FROM, else no-reply at the public site's host name. */
export function defaultFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname
  const domain = /^[\d.]+$|:/.test(host) || host === '' ? 'localhost' : host
  return `"Puente Digital" <no-reply@${domain}>`
}

/** A SendMail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(smtpUrl: string, from: string): { send: SendMail; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl)
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
