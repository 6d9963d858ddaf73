import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatWholeNumber } from './whole-number'

describe('formatWholeNumber', () => {
  it('groups thousands with commas', () => {
    expect(formatWholeNumber(0)).toBe('0')
    expect(formatWholeNumber(999)).toBe('999')
    expect(formatWholeNumber(2000)).toBe('2,000')
    expect(formatWholeNumber(1_234_567)).toBe('1,234,567')
    expect(formatWholeNumber(-12_500)).toBe('-12,500')
  })

  it('writes every whole number as Intl.NumberFormat does for en-US and es-MX', () => {
    const english = new Intl.NumberFormat('en-US')
    const mexican = new Intl.NumberFormat('es-MX')
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatWholeNumber(value)).toBe(english.format(value))
        expect(formatWholeNumber(value)).toBe(mexican.format(value))
      }),
    )
  })
})
