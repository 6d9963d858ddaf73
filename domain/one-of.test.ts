import { describe, expect, it } from 'vitest'
import { isOneOf } from './one-of'

describe('isOneOf', () => {
  const isColour = isOneOf(['red', 'green'] as const)

  it('takes each listed value', () => {
    expect(isColour('red')).toBe(true)
    expect(isColour('green')).toBe(true)
  })

  it('refuses anything else: another text, another case, other types', () => {
    for (const value of ['blue', 'Red', '', ' red', undefined, null, 0, ['red'], { red: true }]) {
      expect(isColour(value)).toBe(false)
    }
  })
})
