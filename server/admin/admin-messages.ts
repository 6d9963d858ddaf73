import { msg } from '@lingui/core/macro'

/** Texts of the admin gate's answers. */
export const adminMessages = {
  mfaRequired: msg`The agency's inbox needs a second factor: add a passkey or an authenticator app to your account (or sign in again with the one you have), then come back.`,
}
