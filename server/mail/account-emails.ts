import { translator } from '../i18n/server-i18n'
import type { ComposedMail, MailFrame } from './compose-mail'
import { accountDeletedMailMessages, verificationMailMessages } from './mail-messages'
import { composePlainEmail } from './plain-email'

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`
}

/** "Confirm your email address": the link to `/verify-email`. */
export function composeVerificationEmail(frame: MailFrame, link: string): ComposedMail {
  const t = translator(frame.locale)
  const m = verificationMailMessages
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.intro)],
    link: { href: link, label: t(m.button) },
    after: [t(m.ignore), t(m.signature)],
  })
}

/** "Your account was deleted": no link, nothing left to sign in to. */
export function composeAccountDeletedEmail(frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = accountDeletedMailMessages
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.body)],
    after: [t(m.notYou), t(m.signature)],
  })
}
