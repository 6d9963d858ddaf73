import { msg } from '@lingui/core/macro'

/** Validation messages of the contact and service-request schemas (forms and API 400s). */
export const leadMessages = {
  consentRequired: msg`Please agree to be contacted so we can answer you.`,
  choose: msg`Choose one of the options.`,
  unknownService: msg`Choose a service from the list.`,
  messageTooShort: msg`Tell us a little more: at least 20 characters.`,
  statusInvalid: msg`Choose a status from the list.`,
  pageInvalid: msg`Use a page number from 1 to 999999.`,
}
