import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { fieldMessages as m, tooLong, tooShort } from './field-messages'

/**
 * The field rules every schema of the domain builds on (registration, the account, the contact
 * form, requests, proposals, the inbox's filters): texts, email addresses, passwords, phone
 * numbers and dates, each with its messages in the language of `t`.
 */

/** The longest email address, in characters, that mail carries (RFC 5321). */
export const emailMaxLength = 254

/**
 * NIST SP 800-63B: at least 8 characters, counted in Unicode code points, no composition
 * rules, long passphrases allowed.
 */
export const passwordLength = { min: 8, max: 128 } as const

const codePoints = (text: string) => [...text].length

/**
 * What no text field may hold: C0 and C1 control characters (NUL is refused by PostgreSQL; the
 * others corrupt logs and mail headers), bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: they make a name display reversed), and lone UTF-16 surrogates (not
 * representable in UTF-8, so not storable).
 */
const forbiddenInText = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u

/** True when `value` holds none of the characters a stored text field refuses. */
export function isStorableText(value: string): boolean {
  return !forbiddenInText.test(value)
}

/**
 * `value` without the characters a stored text field refuses, for text that is taken as it comes
 * rather than typed (a file's name): a control character becomes a space (a tab or a line break
 * separated words), the rest (bidirectional controls, broken UTF-16) are dropped, which shows
 * the text in its real order. The result always passes `isStorableText`.
 */
export function storableTextOf(value: string): string {
  return value.replace(new RegExp(forbiddenInText.source, 'gu'), (char) =>
    /\p{Cc}/u.test(char) ? ' ' : '',
  )
}

/** Passwords may hold any printable character, but not controls or broken UTF-16. */
const forbiddenInPassword = /[\p{Cc}\p{Cs}]/u

/** YYYY-MM-DD of `date` in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** True for an existing calendar day (rejects 2023-02-30). */
export function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** A required, trimmed text of at most `max` code points with no invisible controls. */
export function requiredTextSchema(t: Translate, max: number) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.nonEmpty(t(m.required)),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(isStorableText, t(m.invisibleCharacters)),
  )
}

/** A trimmed text that may be empty, of at most `max` code points with no invisible controls. */
export function optionalTextSchema(t: Translate, max: number) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(isStorableText, t(m.invisibleCharacters)),
  )
}

/** The password is never trimmed: spaces are allowed and count (NIST SP 800-63B). */
export function passwordSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.nonEmpty(t(m.required)),
    v.check((value) => codePoints(value) >= passwordLength.min, t(tooShort(passwordLength.min))),
    v.check((value) => codePoints(value) <= passwordLength.max, t(tooLong(passwordLength.max))),
    v.check((value) => !forbiddenInPassword.test(value), t(m.invisibleCharacters)),
  )
}

export function emailSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.nonEmpty(t(m.required)),
    v.maxLength(emailMaxLength, t(tooLong(emailMaxLength))),
    // RFC 5322's dot-atom form (so IDN domains such as xn--…, which valibot's simpler email()
    // refuses, pass), plus what a deliverable address needs: a dotted domain, no stray dots.
    // Accented letters (`maría.lópez@…`, `…@méxico.mx`) have their own message: see
    // hasAsciiOnly. Checked first, so it is the message shown.
    v.check(hasAsciiOnly, t(m.emailNotAscii)),
    v.rfcEmail(t(m.emailInvalid)),
    v.check(isDeliverableShape, t(m.emailInvalid)),
    v.check(hasPlainLocalPart, t(m.emailCharacters)),
  )
}

/**
 * The local part people actually have: letters, digits and `. _ + - '`. RFC 5322 also allows
 * `! # $ % & * / = ? ^ ` { | } ~`, which no mailbox provider hands out to a person but which
 * change the meaning of the address wherever it is pasted into a link (`?cc=…` and `&subject=…`
 * in a mailto:, `%40` decoded to an @, `/` and `#` in a URL): refused with their own message, so
 * registration, sign-in, recovery and the contact form all accept the same addresses.
 */
function hasPlainLocalPart(address: string): boolean {
  return /^[A-Za-z0-9._+'-]+$/.test(address.slice(0, address.lastIndexOf('@')))
}

/**
 * Internationalised addresses (RFC 6531) are refused: delivering them needs SMTPUTF8 from every
 * server on the way, which the agency's relay and many mailbox providers do not offer, and the
 * same person's address could be stored both accented and not. The message says so, rather
 * than calling the address invalid.
 */
function hasAsciiOnly(address: string): boolean {
  return /^[\x20-\x7e]*$/.test(address)
}

function isDeliverableShape(address: string): boolean {
  const at = address.lastIndexOf('@')
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  return (
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    /\.(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(domain)
  )
}

/** A telephone number as people write it: 7 to 15 digits, optional +, spaces, dots, dashes. */
export function phoneShape(t: Translate) {
  return v.pipe(
    v.string(),
    v.regex(/^\+?\d[\d ().-]*$/, t(m.phoneInvalid)),
    v.check((value) => {
      const digits = value.replace(/\D/g, '').length
      return digits >= 7 && digits <= 15
    }, t(m.phoneInvalid)),
  )
}
