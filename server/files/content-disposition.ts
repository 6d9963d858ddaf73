/**
 * `Content-Disposition: attachment` for a stored file name (RFC 6266): `filename=` an ASCII
 * fallback for old clients (quotes, backslashes, control and non-ASCII characters replaced) and
 * `filename*=UTF-8''…` the exact name, percent-encoded (RFC 8187), which current browsers use —
 * so "Presupuesto año 2026 – v2.pdf" downloads under its own name and no name can break the
 * header or name a path.
 */
export function attachmentDisposition(name: string): string {
  const safe = name.replace(/[/\\]/g, '_')
  const fallback = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'file'
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(safe)}`
}

/** Percent-encodes every byte outside RFC 8187's attr-char. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}
