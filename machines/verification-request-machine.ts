import { setup } from 'xstate'
import { emailLinkSetup, emailLinkStates, freshEmailLink, linkCall } from './email-link-request'

/**
 * "Send me a new link" on an expired confirmation link's page: one address, one new
 * confirmation mail (`resendVerification`, as the sign-in form offers it), on the shared "send
 * me a link" states (machines/email-link-request.ts).
 */
export const verificationRequestMachine = setup({
  ...emailLinkSetup,
  actors: { resendVerification: linkCall('resendVerification') },
}).createMachine({
  id: 'verificationRequest',
  context: freshEmailLink,
  initial: 'form',
  states: emailLinkStates('resendVerification'),
})
