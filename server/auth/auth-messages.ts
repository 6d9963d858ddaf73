import { msg } from '@lingui/core/macro'

/** Texts of the API's answers, in the request's language (see server/i18n). */
export const authMessages = {
  registered: msg`Registration successful!`,
  alreadyRegistered: msg`User already registered. Would you like to resend the recovery email?`,
  recoverySent: msg`Recovery email has been sent successfully.`,
  passwordChanged: msg`Your password has been changed. You can now sign in with it.`,
  registrationUnfinished: msg`This address’s registration was never confirmed, so it had no password to reset. We have removed the unfinished registration and everything in it: register again to create your account.`,
  resetLinkInvalid: msg`This reset link is invalid, has expired or was already used. Ask for a new recovery email.`,
  invalidFields: msg`Some fields are missing or invalid.`,
  invalidJson: msg`The request body is not a valid JSON object.`,
  unsupportedMediaType: msg`Send the request body as JSON (Content-Type: application/json).`,
  tooLarge: msg`The request body is too large.`,
  xsrfFailed: msg`Your session has expired. Reload the page and try again.`,
  serverError: msg`Something went wrong on our side. Please try again in a moment.`,
  notFound: msg`There is nothing at this address.`,
  busy: msg`We are handling many requests right now. Please try again in a few seconds.`,
  unavailable: msg`The service is briefly unavailable. Please try again in a few seconds.`,
}

export const rateLimited = (seconds: number) =>
  msg`Too many attempts. Please try again in ${seconds} seconds.`
