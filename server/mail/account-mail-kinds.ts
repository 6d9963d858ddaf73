import { recoveryTokenLifetimeMinutes } from '../security/recovery-tokens'
import { verificationTokenLifetimeHours } from '../security/verification-tokens'
import { composeAccountDeletedEmail } from './account-emails'
import { accountFirstName } from './greeting'
import { mailKind } from './mail-kind'
import { mintRecoveryMail, mintVerificationMail } from './outbox-links'
import { composePasswordChangedEmail } from './password-changed-email'

/**
 * The account's mails (sent by `/auth` and `/me`). The link mails mint their token when they
 * are sent (server/mail/outbox-links.ts), so a row without an account, or an address confirmed
 * in the meantime, sends nothing.
 */
export const accountMailKinds = {
  verification: mailKind({
    name: 'email_verification',
    references: 'user',
    linkLifetimeSeconds: verificationTokenLifetimeHours * 60 * 60,
    compose: ({ client, locale, publicUrl }, userId) =>
      mintVerificationMail(client, userId, locale, publicUrl),
  }),
  recovery: mailKind({
    name: 'password_recovery',
    references: 'user',
    linkLifetimeSeconds: recoveryTokenLifetimeMinutes * 60,
    compose: ({ client, locale, publicUrl }, userId) =>
      mintRecoveryMail(client, userId, locale, publicUrl),
  }),
  passwordChanged: mailKind({
    name: 'password_changed',
    references: 'user',
    compose: async ({ client, locale, publicUrl }, userId) => ({
      mail: composePasswordChangedEmail(
        { locale, publicUrl },
        await accountFirstName(client, userId),
      ),
    }),
  }),
  // The account is gone (that is the point): the row names only the address.
  accountDeleted: mailKind({
    name: 'account_deleted',
    references: 'none',
    deleteWhenDone: true,
    compose: ({ locale, publicUrl }) => ({
      mail: composeAccountDeletedEmail({ locale, publicUrl }),
    }),
  }),
}
