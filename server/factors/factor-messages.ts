import { msg } from '@lingui/core/macro'

/** Texts of the second factors' answers (`/api/v1/me/factors…`, the sign-in's second step). */
export const factorMessages = {
  secondFactorRequired: msg`Your password is correct. Now confirm with your passkey, a code from your authenticator app or a recovery code.`,
  signInExpired: msg`This sign-in took too long. Enter your email and password again.`,
  invalidCode: msg`That code is not correct, or has already been used. Try the current code.`,
  passkeyRejected: msg`That passkey could not be confirmed. Try again.`,
  totpAlreadyEnabled: msg`An authenticator app is already set up. Turn it off first to set up another.`,
  enrolmentExpired: msg`The set-up has expired. Start it again.`,
  totpNotEnabled: msg`No authenticator app is set up.`,
  totpEnrolmentStarted: msg`Scan the code with your authenticator app, then enter the code it shows.`,
  totpEnabled: msg`Your authenticator app is set up.`,
  totpDisabled: msg`Your authenticator app has been turned off.`,
  noSecondFactor: msg`Add a passkey or an authenticator app first.`,
  recoveryCodesRegenerated: msg`Here are your new recovery codes. The old ones no longer work.`,
  passkeyOptions: msg`Follow your browser's instructions.`,
  passkeyAdded: msg`Your passkey has been added.`,
  passkeyRenamed: msg`Your passkey has been renamed.`,
  passkeyRemoved: msg`Your passkey has been removed.`,
  passkeyNotFound: msg`That passkey does not exist or has already been removed.`,
  proven: msg`Thank you. You can continue.`,
  wrongPassword: msg`The password is not correct.`,
  factorProofRequired: msg`To change how you sign in, confirm it is you with a passkey, a code from your authenticator app or a recovery code: your password alone is not enough.`,
}

/** The mails telling the account holder that a second factor changed. */
export const factorMailMessages = {
  subject: msg`Your Puente Digital sign-in settings changed`,
  totpEnabled: msg`An authenticator app was set up for signing in to your Puente Digital account.`,
  totpDisabled: msg`The authenticator app of your Puente Digital account was turned off.`,
  passkeyAdded: msg`A passkey was added to your Puente Digital account.`,
  passkeyRemoved: msg`A passkey was removed from your Puente Digital account.`,
  recoveryCodesRegenerated: msg`New recovery codes were made for your Puente Digital account; the old ones no longer work.`,
  notYou: msg`If this was not you, reset your password now, review the sign-in settings on your profile and tell us at once by replying to this email.`,
  button: msg`Review my sign-in settings`,
  signature: msg`The Puente Digital team`,
}
