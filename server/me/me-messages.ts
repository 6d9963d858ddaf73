import { msg } from '@lingui/core/macro'

/** Texts of the `/me` answers: the password, the account's deletion, the sessions. */
export const meMessages = {
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
