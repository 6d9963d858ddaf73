import { msg } from '@lingui/core/macro'

/** Texts every API answer may carry, whatever the resource (see server/i18n). */
export const apiMessages = {
  invalidFields: msg`Some fields are missing or invalid.`,
  invalidJson: msg`The request body is not a valid JSON object.`,
  unsupportedMediaType: msg`Send the request body as JSON (Content-Type: application/json).`,
  tooLarge: msg`The request body is too large.`,
  xsrfFailed: msg`Your session has expired. Reload the page and try again.`,
  serverError: msg`Something went wrong on our side. Please try again in a moment.`,
  notFound: msg`There is nothing at this address.`,
  busy: msg`We are handling many requests right now. Please try again in a few seconds.`,
  unavailable: msg`The service is briefly unavailable. Please try again in a few seconds.`,
  unauthenticated: msg`You are not signed in, or your session has ended. Please sign in.`,
  reauthenticationRequired: msg`For your security, confirm it is you (your password, a code or a passkey) and try again.`,
  forbidden: msg`This page is for the agency's team only.`,
  mfaRequired: msg`The agency's inbox needs a second factor: add a passkey or an authenticator app to your account, or confirm it is you with the one you have, then come back.`,
}

export const rateLimited = (seconds: number) =>
  msg`Too many attempts. Please try again in ${seconds} seconds.`
