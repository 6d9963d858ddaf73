import { msg } from '@lingui/core/macro'

/** Texts of the account endpoints' answers (sign-in, verification, profile, sessions). */
export const accountAnswerMessages = {
  signedIn: msg`You are signed in.`,
  signedOut: msg`You are signed out.`,
  invalidCredentials: msg`The email or password is not correct.`,
  emailUnverified: msg`Confirm your email address first: open the link we sent you, or ask for a new one.`,
  unauthenticated: msg`You are not signed in, or your session has ended. Please sign in.`,
  emailVerified: msg`Your email address is confirmed. You can sign in now.`,
  verificationLinkInvalid: msg`This confirmation link is invalid or was already used. Ask for a new one.`,
  verificationLinkExpired: msg`This confirmation link has expired. Ask for a new one.`,
  verificationSent: msg`If that address has an account waiting for confirmation, we have sent it a new link.`,
  wrongPassword: msg`The current password is not correct.`,
  passwordChanged: msg`Your password has been changed. Your other sessions have been signed out.`,
  accountDeleted: msg`Your account and its data have been deleted.`,
  sessionEnded: msg`That session has been signed out.`,
  sessionNotFound: msg`That session does not exist or has already ended.`,
  otherSessionsEnded: msg`Every other session has been signed out.`,
}

/** How the sessions list names a device (browser and system names stay as they are). */
export const deviceMessages = {
  browserOnSystem: (browser: string, system: string) => msg`${browser} on ${system}`,
  browserUnknownOnSystem: (system: string) => msg`A browser on ${system}`,
  unknown: msg`An unknown device`,
}
