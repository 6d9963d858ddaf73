/**
 * Email addresses as the log may show them: `j***@example.com`, enough to recognise an address
 * when a user reports a problem, not to harvest it. The logger applies `maskEmailsIn` to every
 * line (message and fields) and describeError to every error it describes, because addresses
 * arrive inside text we do not write: an SMTP server's refusal quotes the recipient
 * (`550 5.1.1 <ana@example.com>: Recipient address rejected`), a driver error may quote a value.
 */

/** j***@example.com; `***` when the text is not an address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address[0]}***${address.slice(at)}`
}

/**
 * Anything shaped like an address: a local part of any characters an address may hold, Unicode
 * included (stopping at spaces, brackets, quotes and separators), an @, and a dotted domain
 * whose last label starts with a letter (so `package@1.2.3` is not one).
 * Wider than what our schemas accept, on purpose: this must catch what others wrote.
 */
const addressLike =
  /[^\s"'`<>()[\]{}\\,;:@]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]*/gu

/** `text` with every address in it masked (already masked ones stay as they are). */
export function maskEmailsIn(text: string): string {
  return text.replace(addressLike, maskEmail)
}

/**
 * A log line's fields with every string in them masked: plain objects and arrays are copied
 * (never changed in place: they are the caller's), an Error becomes its name, message and stack.
 * Nesting deeper than a log line needs is cut rather than walked.
 */
export function maskEmailsDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmailsIn(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 8) return '[too deep]'
  if (value instanceof Error)
    return {
      type: value.name,
      message: maskEmailsIn(value.message),
      ...(value.stack ? { stack: maskEmailsIn(value.stack) } : {}),
    }
  if (Array.isArray(value)) return value.map((item) => maskEmailsDeep(item, depth + 1))
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, maskEmailsDeep(inner, depth + 1)]),
  )
}
