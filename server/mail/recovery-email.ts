import { translator } from '../i18n/server-i18n'
import type { ComposedMail, MailFrame } from './compose-mail'
import { greeting } from './greeting'
import { recoveryMailMessages as m } from './mail-messages'
import { composePlainEmail } from './plain-email'

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

/**
 * The recovery mail: its link to `/reset-password` (valid for an hour), in the mails' frame,
 * greeting the account's holder by `name`.
 */
export function composeRecoveryEmail(frame: MailFrame, link: string, name?: string): ComposedMail {
  const t = translator(frame.locale)
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [greeting(t, name), t(m.intro)],
    link: { href: link, label: t(m.button) },
    after: [t(m.ignore), t(m.signature)],
  })
}
