import { msg } from '@lingui/core/macro'

/** Validation messages of the account schemas (shown in the forms and in the API's 400s). */
export const accountMessages = {
  passwordRequired: msg`Enter your password.`,
  rememberInvalid: msg`Choose whether to stay signed in.`,
  verificationLinkIncomplete: msg`The verification link is incomplete. Open the link from the email again.`,
}
