import { translator } from '../i18n/server-i18n'
import { type ComposedMail, composeMail, type MailFrame } from './compose-mail'
import { greeting } from './greeting'
import { passwordChangedMailMessages as m } from './mail-messages'

/**
 * "Your password was changed": tells the owner of the address, so a reset they did not ask for
 * is noticed. It carries no token; its link leads to the page where a new recovery mail is asked.
 */
export function composePasswordChangedEmail(frame: MailFrame, name?: string): ComposedMail {
  const t = translator(frame.locale)
  return composeMail(frame, t(m.subject), [
    { paragraph: greeting(t, name) },
    { paragraph: t(m.body) },
    { paragraph: t(m.notYou) },
    { link: { href: `${frame.publicUrl}/register`, label: t(m.button) }, quiet: true },
    { paragraph: t(m.signature) },
  ])
}
