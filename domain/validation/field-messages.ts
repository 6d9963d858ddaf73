import { msg } from '@lingui/core/macro'

/**
 * The messages of the field rules every schema shares (domain/validation/field-rules.ts) and of
 * a payload's shape (schema-issues.ts). Declared once with `msg` and translated where they are
 * shown: in a form (the visitor's language) and in the API's 400 answers (the request's
 * language).
 */
export const fieldMessages = {
  required: msg`This field is required.`,
  mustBeText: msg`Enter this value as text.`,
  /** A field no path expects (every form and query but the registration, which has its own). */
  unexpectedField: msg`This field is not expected here.`,
  notAnObject: msg`Send the data as a JSON object.`,
  emailInvalid: msg`Enter a valid email address, like name@example.com.`,
  emailCharacters: msg`Use only letters, digits and . _ + - ' before the @.`,
  /** Internationalised addresses are refused: the decision record explains why. */
  emailNotAscii: msg`This address contains accents or letters such as ñ, which many mail servers cannot deliver to. Use an address without them.`,
  phoneInvalid: msg`Enter a phone number with 7 to 15 digits.`,
  dateInvalid: msg`Enter a valid date.`,
  dateTooEarly: msg`Enter a date from 1900 on.`,
  /** Control characters, bidirectional overrides and broken UTF-16 cannot be stored or shown safely. */
  invisibleCharacters: msg`Remove the invisible or control characters from this field.`,
}

export const tooLong = (max: number) => msg`Use at most ${max} characters.`
export const tooShort = (min: number) => msg`Use at least ${min} characters.`
