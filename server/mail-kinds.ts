import { contactMailKinds } from './contact/contact-mail-kinds'
import { factorMailKinds } from './factors/factor-mail-kinds'
import { accountMailKinds } from './mail/account-mail-kinds'
import { mailKindRegistry } from './mail/mail-kind'
import { digestMailKinds } from './messages/digest-mail-kinds'
import { proposalMailKinds } from './proposals/proposal-mail-kinds'
import { requestMailKinds } from './service-requests/request-mail-kinds'

/**
 * Every kind of mail the outbox carries, declared beside what sends it (the account's in
 * server/mail, the others in their resource), gathered here for the outbox worker. A kind name
 * not listed here is never sent: its row is dropped.
 */
export const mailKinds = mailKindRegistry([
  ...Object.values(accountMailKinds),
  ...Object.values(contactMailKinds),
  ...Object.values(factorMailKinds),
  ...Object.values(requestMailKinds),
  ...Object.values(digestMailKinds),
  ...Object.values(proposalMailKinds),
])
