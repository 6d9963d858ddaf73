/**
 * The `mailto:` link of one address, with the address percent-encoded (RFC 6068): characters
 * such as `?`, `&`, `%` and `#` in a local part must not start the link's own header fields, or
 * an address like `sales?cc=someone@evil.example@example.com` written into a form would make
 * the reply copy someone else.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(address)}`
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}
