/**
 * The CLABE (Clave Bancaria Estandarizada), the 18 digits a SPEI transfer is sent to: 3 of the
 * bank, 3 of the branch's city, 11 of the account and a check digit. The check digit is the
 * Banco de México's: each of the first 17 digits times its weight (3, 7, 1, repeating), each
 * product taken modulo 10, summed; the digit is (10 − sum mod 10) mod 10.
 */

const weights = [3, 7, 1] as const

/** The check digit of the first 17 digits of a CLABE (`undefined` when they are not 17 digits). */
export function clabeCheckDigit(first17: string): number | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined
  let sum = 0
  for (let index = 0; index < 17; index += 1)
    sum += (Number(first17[index]) * (weights[index % 3] ?? 1)) % 10
  return (10 - (sum % 10)) % 10
}

/** Whether `text` is a CLABE: 18 digits whose last is the check digit of the others. */
export function isClabe(text: string): boolean {
  if (!/^\d{18}$/.test(text)) return false
  return clabeCheckDigit(text.slice(0, 17)) === Number(text[17])
}
