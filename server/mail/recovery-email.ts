import { translator } from '../i18n/server-i18n'
import type { ComposedMail, MailFrame } from './compose-mail'
import { recoveryMailMessages as m } from './mail-messages'
import { composePlainEmail } from './plain-email'

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

/** The recovery mail: its link to `/reset-password` (valid for an hour), in the mails' frame. */
export function composeRecoveryEmail(frame: MailFrame, link: string): ComposedMail {
  const t = translator(frame.locale)
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.intro)],
    link: { href: link, label: t(m.button) },
    after: [t(m.ignore), t(m.signature)],
  })
}
