import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clabeCheckDigit, isClabe } from './clabe'
import { instalmentFolio, isSpeiReference, speiReference } from './payment-folio'

describe('CLABE', () => {
  it('takes CLABEs whose check digit is right', () => {
    // The worked example of the check digit's published description.
    expect(isClabe('032180000118359719')).toBe(true)
    expect(clabeCheckDigit('03218000011835971')).toBe(9)
  })

  it('refuses a wrong check digit, a wrong length and anything but digits', () => {
    expect(isClabe('032180000118359718')).toBe(false)
    expect(isClabe('03218000011835971')).toBe(false)
    expect(isClabe('0321800001183597190')).toBe(false)
    expect(isClabe('03218000011835971a')).toBe(false)
    expect(isClabe(' 032180000118359719')).toBe(false)
    expect(isClabe('')).toBe(false)
  })

  it('notices any one mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{17}$/),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (first17, position, shift) => {
          const clabe = `${first17}${clabeCheckDigit(first17)}`
          expect(isClabe(clabe)).toBe(true)
          const wrong = String((Number(clabe[position]) + shift) % 10)
          const typo = `${clabe.slice(0, position)}${wrong}${clabe.slice(position + 1)}`
          // Weight 1 positions change the sum by the shift itself; 3 and 7 are prime to 10.
          expect(isClabe(typo)).toBe(false)
        },
      ),
    )
  })
})

describe('instalment folio and SPEI reference', () => {
  it('writes the folio and the 7-digit reference from the instalment number', () => {
    expect(instalmentFolio(42)).toBe('PAG-000042')
    expect(speiReference(42)).toMatch(/^000042\d$/)
    expect(isSpeiReference(speiReference(42))).toBe(true)
    expect(() => speiReference(0)).toThrow(RangeError)
    expect(() => speiReference(1_000_000)).toThrow(RangeError)
  })

  it('gives distinct numbers distinct references, and notices one mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (number, position, shift) => {
          const reference = speiReference(number)
          expect(reference).toHaveLength(7)
          expect(Number(reference.slice(0, 6))).toBe(number)
          const wrong = String((Number(reference[position]) + shift) % 10)
          const typo = `${reference.slice(0, position)}${wrong}${reference.slice(position + 1)}`
          expect(isSpeiReference(typo)).toBe(false)
        },
      ),
    )
  })
})
