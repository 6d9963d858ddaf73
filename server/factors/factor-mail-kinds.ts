import type { MessageDescriptor } from '@lingui/core'
import { translator } from '../i18n/server-i18n'
import type { ComposedMail, MailFrame } from '../mail/compose-mail'
import { accountFirstName, greeting } from '../mail/greeting'
import { type MailKind, mailKind } from '../mail/mail-kind'
import { composePlainEmail } from '../mail/plain-email'
import { factorMailMessages as m } from './factor-messages'

/** "Your sign-in settings changed": what changed, and where to look if it was not the holder. */
export function composeFactorNotice(
  frame: MailFrame,
  what: MessageDescriptor,
  name?: string,
): ComposedMail {
  const t = translator(frame.locale)
  return composePlainEmail(frame, {
    subject: t(m.subject),
    before: [greeting(t, name), t(what), t(m.notYou)],
    link: { href: `${frame.publicUrl}/profile`, label: t(m.button) },
    after: [t(m.signature)],
  })
}

const notice = (name: string, what: MessageDescriptor): MailKind =>
  mailKind({
    name,
    references: 'user',
    compose: async ({ client, locale, publicUrl }, userId) => ({
      mail: composeFactorNotice(
        { locale, publicUrl },
        what,
        await accountFirstName(client, userId),
      ),
    }),
  })

/** Every change of a second factor mails the account holder, in the account's language. */
export const factorMailKinds = {
  totpEnabled: notice('factor_totp_enabled', m.totpEnabled),
  totpDisabled: notice('factor_totp_disabled', m.totpDisabled),
  passkeyAdded: notice('factor_passkey_added', m.passkeyAdded),
  passkeyRemoved: notice('factor_passkey_removed', m.passkeyRemoved),
  recoveryCodesRegenerated: notice('factor_recovery_codes_regenerated', m.recoveryCodesRegenerated),
}
