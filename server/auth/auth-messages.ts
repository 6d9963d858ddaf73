import { msg } from '@lingui/core/macro'

/** Texts of the `/auth` answers: registration, recovery, sign-in and address confirmation. */
export const authMessages = {
  registered: msg`Registration successful!`,
  alreadyRegistered: msg`User already registered. Would you like to resend the recovery email?`,
  recoverySent: msg`Recovery email has been sent successfully.`,
  passwordChanged: msg`Your password has been changed. You can now sign in with it.`,
  registrationUnfinished: msg`This address’s registration was never confirmed, so it had no password to reset. We have removed the unfinished registration and everything in it: register again to create your account.`,
  resetLinkInvalid: msg`This reset link is invalid, has expired or was already used. Ask for a new recovery email.`,
  signedIn: msg`You are signed in.`,
  signedOut: msg`You are signed out.`,
  invalidCredentials: msg`The email or password is not correct.`,
  emailUnverified: msg`Confirm your email address first: open the link we sent you, or ask for a new one.`,
  emailVerified: msg`Your email address is confirmed. You can sign in now.`,
  verificationLinkInvalid: msg`This confirmation link is invalid or was already used. Ask for a new one.`,
  verificationLinkUsed: msg`This email address is already confirmed. You can sign in.`,
  verificationLinkExpired: msg`This confirmation link has expired. Ask for a new one.`,
  verificationSent: msg`If that address has an account waiting for confirmation, we have sent it a new link.`,
}
