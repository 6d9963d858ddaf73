import { translator } from '../i18n/server-i18n'
import type { MailFrame } from './compose-mail'
import { passwordChangedMailMessages as m } from './mail-messages'
import { composePlainEmail } from './plain-email'
import type { ComposedMail } from './recovery-email'

/**
 * "Your password was changed": tells the owner of the address, so a reset they did not ask for
 * is noticed. It carries no token; its link leads to the page where a new recovery mail is asked.
 */
export function composePasswordChangedEmail(frame: MailFrame): ComposedMail {
  const t = translator(frame.locale)
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [t(m.greeting), t(m.body), t(m.notYou)],
    link: { href: `${frame.publicUrl}/register`, label: t(m.button) },
    after: [t(m.signature)],
  })
}
