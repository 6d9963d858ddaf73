import { msg } from '@lingui/core/macro'

/**
 * Validation messages of the registration schema. Declared once with `msg` and translated
 * where they are shown: in the form (the visitor's language) and in the API's 400 answers
 * (the request's language).
 */
export const validationMessages = {
  required: msg`This field is required.`,
  mustBeText: msg`Enter this value as text.`,
  /** A field no path expects (every form and query but the registration). */
  unexpectedField: msg`This field is not expected here.`,
  notAnObject: msg`Send the data as a JSON object.`,
  unknownRegistrationField: msg`This field is not part of the registration form.`,
  registrationNotAnObject: msg`Send the registration as a JSON object.`,
  emailInvalid: msg`Enter a valid email address, like name@example.com.`,
  emailCharacters: msg`Use only letters, digits and . _ + - ' before the @.`,
  /** Internationalised addresses are refused: the decision record explains why. */
  emailNotAscii: msg`This address contains accents or letters such as ñ, which many mail servers cannot deliver to. Use an address without them.`,
  stateRequired: msg`Select the state: an address in Mexico needs it.`,
  stateInvalid: msg`Select one of Mexico's states from the list.`,
  stateOutsideMexico: msg`Leave the state empty for an address outside Mexico.`,
  countryInvalid: msg`Select a country from the list.`,
  phoneInvalid: msg`Enter a phone number with 7 to 15 digits.`,
  postalCodeInvalid: msg`Enter a valid postal code (letters, digits, spaces or hyphens).`,
  genderInvalid: msg`Select one of the options.`,
  dateInvalid: msg`Enter a valid date.`,
  dateTooEarly: msg`Enter a date from 1900 on.`,
  dateNotPast: msg`The birth date must be in the past.`,
  /** Control characters, bidirectional overrides and broken UTF-16 cannot be stored or shown safely. */
  invisibleCharacters: msg`Remove the invisible or control characters from this field.`,
  resetTokenMissing: msg`The reset link is incomplete. Open the link from the email again.`,
  /** The summary above the form, shown with the per-field messages. */
  summary: msg`Please check the highlighted fields.`,
}

export const tooLong = (max: number) => msg`Use at most ${max} characters.`
export const tooShort = (min: number) => msg`Use at least ${min} characters.`
