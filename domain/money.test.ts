import { describe, expect, it } from 'vitest'
import {
  computeTotals,
  divideHalfUp,
  formatMoney,
  ivaOf,
  ivaPercent,
  moneyLimits,
  parsePesos,
} from './money'

describe('money', () => {
  it('charges IVA at one rate, 16 %', () => {
    expect(ivaPercent).toBe(16)
  })

  it('rounds half up to the centavo', () => {
    expect(divideHalfUp(5, 10)).toBe(1)
    expect(divideHalfUp(4, 10)).toBe(0)
    expect(divideHalfUp(15, 10)).toBe(2)
    expect(divideHalfUp(149, 100)).toBe(1)
    expect(divideHalfUp(150, 100)).toBe(2)
    // 0.03 × 16 % = 0.0048 pesos: down; 0.22 × 16 % = 0.0352: up; 0.13 × 16 % = 0.0208: down.
    expect(ivaOf(3)).toBe(0)
    expect(ivaOf(22)).toBe(4)
    expect(ivaOf(13)).toBe(2)
    // 0.50 × 16 % = 0.08 exactly.
    expect(ivaOf(50)).toBe(8)
  })

  it('computes 1 × 0.01: IVA rounds to nothing', () => {
    expect(computeTotals([{ quantity: 1, unitPrice: 1 }], 0)).toEqual({
      subtotal: 1,
      discount: 0,
      taxable: 1,
      iva: 0,
      total: 1,
    })
  })

  it('computes 999 × 999,999.99 exactly', () => {
    const totals = computeTotals(
      [{ quantity: moneyLimits.maxQuantity, unitPrice: moneyLimits.maxUnitPrice }],
      0,
    )
    // 999 × 99,999,999 = 99,899,999,001 centavos; IVA = 15,983,999,840.16 → 15,983,999,840.
    expect(totals).toEqual({
      subtotal: 99_899_999_001,
      discount: 0,
      taxable: 99_899_999_001,
      iva: 15_983_999_840,
      total: 115_883_998_841,
    })
    const fifty = Array.from({ length: moneyLimits.maxItems }, () => ({
      quantity: moneyLimits.maxQuantity,
      unitPrice: moneyLimits.maxUnitPrice,
    }))
    expect(Number.isSafeInteger(computeTotals(fifty, 0)?.total)).toBe(true)
  })

  it('charges IVA on the subtotal after the discount, and refuses a discount above it', () => {
    const items = [
      { quantity: 2, unitPrice: 625_000 },
      { quantity: 1, unitPrice: 33 },
    ]
    expect(computeTotals(items, 100_000)).toEqual({
      subtotal: 1_250_033,
      discount: 100_000,
      taxable: 1_150_033,
      iva: 184_005,
      total: 1_334_038,
    })
    expect(computeTotals(items, 1_250_033)?.total).toBe(0)
    expect(computeTotals(items, 1_250_034)).toBeUndefined()
  })

  it('reads typed pesos to the centavo and refuses a third decimal', () => {
    expect(parsePesos('12500')).toBe(1_250_000)
    expect(parsePesos('12,500.5')).toBe(1_250_050)
    expect(parsePesos('$12,500.00')).toBe(1_250_000)
    expect(parsePesos('0.01')).toBe(1)
    expect(parsePesos('0.005')).toBeUndefined()
    expect(parsePesos('-1')).toBeUndefined()
    expect(parsePesos('1,2345')).toBeUndefined()
    expect(parsePesos('')).toBeUndefined()
  })

  it('writes pesos as each language does', () => {
    expect(formatMoney(1_250_000, 'es')).toBe('$12,500.00')
    expect(formatMoney(1_250_000, 'en')).toBe('MX$12,500.00')
    expect(formatMoney(1, 'es')).toBe('$0.01')
    expect(formatMoney(0, 'en')).toBe('MX$0.00')
    expect(formatMoney(-100_000, 'es')).toBe('-$1,000.00')
    expect(formatMoney(115_883_998_841, 'en')).toBe('MX$1,158,839,988.41')
    for (const amount of [1, 99, 100_000, 1_234_567_89, 115_883_998_841]) {
      const pesos = amount / 100
      const intl = (tag: string) =>
        new Intl.NumberFormat(tag, { style: 'currency', currency: 'MXN' }).format(pesos)
      expect(formatMoney(amount, 'es')).toBe(intl('es-MX'))
      expect(formatMoney(amount, 'en')).toBe(intl('en-US'))
    }
  })
})
