import { setup } from 'xstate'
import { emailLinkSetup, emailLinkStates, freshEmailLink, linkCall } from './email-link-request'

/**
 * "Forgot your password?" on `/login`: one address, one recovery mail (`resendRecoveryEmail`),
 * on the shared "send me a link" states (machines/email-link-request.ts).
 */
export const recoveryRequestMachine = setup({
  ...emailLinkSetup,
  actors: { resendRecoveryEmail: linkCall('resendRecoveryEmail') },
}).createMachine({
  id: 'recoveryRequest',
  context: freshEmailLink,
  initial: 'form',
  states: emailLinkStates('resendRecoveryEmail'),
})
