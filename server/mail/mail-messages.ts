import { msg } from '@lingui/core/macro'

/** The recovery mail, in the language of the request that asked for it. */
export const recoveryMailMessages = {
  subject: msg`Reset your Puente Digital password`,
  greeting: msg`Hello,`,
  intro: msg`We received a request to reset the password of your Puente Digital account. Open this link within the next hour to choose a new password:`,
  button: msg`Choose a new password`,
  ignore: msg`If you did not ask for this, ignore this email: your password stays the same.`,
  signature: msg`The Puente Digital team`,
}
