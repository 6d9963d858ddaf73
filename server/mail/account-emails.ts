import type { Locale } from '../../src/domain/locales'
import { translator } from '../i18n/server-i18n'
import type { ComposedMail } from './compose-mail'
import { accountDeletedMailMessages, verificationMailMessages } from './mail-messages'
import { composePlainEmail } from './plain-email'

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`
}

/** "Confirm your email address": the link to `/verify-email`. */
export function composeVerificationEmail(locale: Locale, link: string): ComposedMail {
  const t = translator(locale)
  const m = verificationMailMessages
  return composePlainEmail(locale, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.intro)],
    link: { href: link, label: t(m.button) },
    after: [t(m.ignore), t(m.signature)],
  })
}

/** "Your account was deleted": no link, nothing left to sign in to. */
export function composeAccountDeletedEmail(locale: Locale): ComposedMail {
  const t = translator(locale)
  const m = accountDeletedMailMessages
  return composePlainEmail(locale, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.body)],
    after: [t(m.notYou), t(m.signature)],
  })
}
