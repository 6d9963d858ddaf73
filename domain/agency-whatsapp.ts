/**
 * The agency's WhatsApp number (AGENCY_WHATSAPP), one more agency fact: written in
 * international format (`+52 55 1234 5678`: a `+`, the country code, then digits, spaces,
 * hyphens, dots or parentheses), kept as its digits, which is what a click-to-chat link takes.
 */

/** The digits of an international number (8 to 15, E.164), or undefined when it is not one. */
export function whatsappDigits(value: string): string | undefined {
  const written = value.trim()
  if (!/^\+[\d .()-]+$/.test(written)) return undefined
  const digits = written.replace(/\D/g, '')
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined
}

/** A click-to-chat link (`https://wa.me/<digits>?text=…`) with `message` written in the chat. */
export function whatsappLink(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`
}
