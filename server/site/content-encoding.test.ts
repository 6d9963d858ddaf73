import { describe, expect, it } from 'vitest'
import { pickEncoding } from './content-encoding'

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, as browsers announce them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip, deflate')).toBe('gzip')
    expect(pickEncoding('BR;q=0.5, gzip;q=1')).toBe('br')
  })

  it('sends no coding when none is accepted or one is refused with q=0', () => {
    expect(pickEncoding(undefined)).toBeUndefined()
    expect(pickEncoding('identity')).toBeUndefined()
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
  })

  it('takes * as any coding not named', () => {
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('br;q=0, *')).toBe('gzip')
  })
})
