import { describe, expect, it } from 'vitest'
import { centavosToTypedPesos, typedPesosToCentavos, typedQuantity } from './typed-pesos'

describe('amounts typed in pesos are read into centavos exactly', () => {
  it.each([
    ['12,500.50', 1_250_050],
    ['12500.5', 1_250_050],
    ['0.01', 1],
    ['0.1', 10],
    ['999,999.99', 99_999_999],
    [' 7 ', 700],
    ['1,000,000', 100_000_000],
  ])('%s → %i centavos', (typed, centavos) => {
    expect(typedPesosToCentavos(typed)).toBe(centavos)
  })

  it.each(['', '-1', '1.005', '12,50.00', '1e3', 'abc', '1.', '.5', '90071992547409.92'])(
    '"%s" is not an amount',
    (typed) => {
      expect(typedPesosToCentavos(typed)).toBeUndefined()
    },
  )

  it('0.29 stays 29 centavos, where a float would give 28.999…', () => {
    expect(0.29 * 100).not.toBe(29)
    expect(typedPesosToCentavos('0.29')).toBe(29)
  })

  it('centavos go back into the editor as digits', () => {
    expect(centavosToTypedPesos(1_250_050)).toBe('12500.50')
    expect(centavosToTypedPesos(5)).toBe('0.05')
    expect(typedPesosToCentavos(centavosToTypedPesos(99_999_999))).toBe(99_999_999)
  })

  it('quantities are whole and at least one', () => {
    expect(typedQuantity('3')).toBe(3)
    expect(typedQuantity('0')).toBeUndefined()
    expect(typedQuantity('1.5')).toBeUndefined()
  })
})
