import { msg } from '@lingui/core/macro'

/**
 * Validation messages of the registration's own fields (the address, gender, birth date) and
 * of its password reset; the messages every form shares are domain/validation/field-messages.ts.
 * Declared once with `msg` and translated where they are shown: in the form (the visitor's
 * language) and in the API's 400 answers (the request's language).
 */
export const registrationMessages = {
  unknownRegistrationField: msg`This field is not part of the registration form.`,
  registrationNotAnObject: msg`Send the registration as a JSON object.`,
  stateRequired: msg`Select the state: an address in Mexico needs it.`,
  stateInvalid: msg`Select one of Mexico's states from the list.`,
  stateOutsideMexico: msg`Leave the state empty for an address outside Mexico.`,
  countryInvalid: msg`Select a country from the list.`,
  postalCodeInvalid: msg`Enter a valid postal code (letters, digits, spaces or hyphens).`,
  genderInvalid: msg`Select one of the options.`,
  dateNotPast: msg`The birth date must be in the past.`,
  resetTokenMissing: msg`The reset link is incomplete. Open the link from the email again.`,
  /** The summary above the form, shown with the per-field messages. */
  summary: msg`Please check the highlighted fields.`,
}
