/**
 * One `Range: bytes=…` of a file of `size` bytes (RFC 9110 §14): `start-end`, `start-` or
 * `-suffix`. Several ranges, or a header that is no byte range, are ignored (the whole file is
 * sent, which the RFC allows); a range that starts past the end cannot be satisfied (416).
 */
export type RangeChoice =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' }

export function chooseRange(header: string | undefined, size: number): RangeChoice {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '')
  if (!match) return { kind: 'whole' }
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return { kind: 'whole' }
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size) return { kind: 'unsatisfiable' }
  if (end < start) return { kind: 'whole' }
  return { kind: 'part', start, end }
}
