import { msg } from '@lingui/core/macro'

/** Validation messages of the second-factor schemas (shown in the forms and in the API's 400s). */
export const factorMessages = {
  codeRequired: msg`Enter the code from your authenticator app or one of your recovery codes.`,
  passkeyNameRequired: msg`Give the passkey a name (at most 60 characters).`,
  passkeyResponseInvalid: msg`The browser's passkey answer is incomplete. Try again.`,
  reauthenticateShape: msg`Confirm with your password, a code or a passkey.`,
}
