import { translator } from '../i18n/server-i18n'
import type { ComposedMail, MailFrame } from './compose-mail'
import { greeting } from './greeting'
import { accountDeletedMailMessages, verificationMailMessages } from './mail-messages'
import { composePlainEmail } from './plain-email'

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`
}

/** "Confirm your email address": the link to `/verify-email`, greeting the new account's `name`. */
export function composeVerificationEmail(
  frame: MailFrame,
  link: string,
  name?: string,
): ComposedMail {
  const t = translator(frame.locale)
  const m = verificationMailMessages
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [greeting(t, name), t(m.intro)],
    link: { href: link, label: t(m.button) },
    after: [t(m.ignore), t(m.signature)],
  })
}

/**
 * "Your account was deleted": no link, nothing left to sign in to, and no name: nothing about
 * the person is kept, not even for this mail.
 */
export function composeAccountDeletedEmail(frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  const m = accountDeletedMailMessages
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [greeting(t), t(m.body)],
    after: [t(m.notYou), t(m.signature)],
  })
}
