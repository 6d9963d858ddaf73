import { msg } from '@lingui/core/macro'

/** The recovery mail, in the language of the request that asked for it. */
export const recoveryMailMessages = {
  subject: msg`Reset your Puente Digital password`,
  intro: msg`We received a request to reset the password of your Puente Digital account. Open this link within the next hour to choose a new password:`,
  button: msg`Choose a new password`,
  ignore: msg`If you did not ask for this, ignore this email: your password stays the same.`,
  signature: msg`The Puente Digital team`,
}

/** The last sentence of a mail about a request while replies by email are received. */
export const replyByMailMessages = {
  canReply: msg`You can reply to this email: your answer is added to the request's conversation, with its attachments, as if you had written it on the website.`,
}

/** The notice sent when an account's password was changed (reset or change). */
export const passwordChangedMailMessages = {
  subject: msg`Your Puente Digital password was changed`,
  body: msg`The password of your Puente Digital account was just changed.`,
  notYou: msg`If you did not change it, reset your password now with the link below and tell us at once by replying to this email.`,
  button: msg`Reset my password`,
  signature: msg`The Puente Digital team`,
}

/** The link that confirms a new account's address, in the account's language. */
export const verificationMailMessages = {
  subject: msg`Confirm your email address for Puente Digital`,
  intro: msg`Thank you for creating your Puente Digital account. Open this link within the next 24 hours to confirm your email address:`,
  button: msg`Confirm my email address`,
  ignore: msg`If you did not create an account, ignore this email: nothing happens without the link.`,
  signature: msg`The Puente Digital team`,
}

/** The confirmation that an account and its data were deleted. */
export const accountDeletedMailMessages = {
  subject: msg`Your Puente Digital account was deleted`,
  body: msg`Your Puente Digital account and the data stored with it were deleted at your request. We keep nothing else about you.`,
  notYou: msg`If you did not ask for this, reply to this email and tell us at once.`,
  signature: msg`The Puente Digital team`,
}
