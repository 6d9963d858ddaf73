export type Encoding = 'br' | 'gzip'

/**
 * The encoding to send a precompressed file in, from the request's Accept-Encoding: brotli
 * when accepted, else gzip, else none (`identity`). `q=0` refuses a coding; `*` accepts any.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return undefined
}
