/**
 * What names one instalment to the client and to the bank, both from its number (a database
 * sequence, so unique across every instance):
 * - its folio, `PAG-000042`: what the pages, the mails and the agency's records call it;
 * - its SPEI reference, the 7 digits the client types in the transfer's "referencia numérica"
 *   (SPEI's field holds at most 7): the number in 6 digits and a check digit, so a transfer with
 *   one mistyped digit is not matched to another instalment.
 */

/** The most instalments the numbering gives distinct references to (6 digits). */
export const maxInstalmentNumber = 999_999

/** `42` → `PAG-000042`. */
export function instalmentFolio(number: number): string {
  return `PAG-${String(number).padStart(6, '0')}`
}

/** The check digit of a reference's 6 digits (Luhn's: catches any one wrong digit). */
export function referenceCheckDigit(digits: string): number {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index])
    const doubled = index % 2 === 0 ? digit * 2 : digit
    sum += doubled > 9 ? doubled - 9 : doubled
  }
  return (10 - (sum % 10)) % 10
}

/** `42` → `0000425`: the number in 6 digits and its check digit. */
export function speiReference(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1 || number > maxInstalmentNumber)
    throw new RangeError(`No SPEI reference for instalment number ${number}`)
  const digits = String(number).padStart(6, '0')
  return `${digits}${referenceCheckDigit(digits)}`
}

/** Whether `text` is a reference `speiReference` gives (7 digits, the last checking the rest). */
export function isSpeiReference(text: string): boolean {
  return /^\d{7}$/.test(text) && referenceCheckDigit(text.slice(0, 6)) === Number(text[6])
}
