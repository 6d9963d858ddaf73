import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moneyLimits } from '../money'
import { allocatePayment } from './payment-allocation'
import { instalmentAmounts, maxInstalments, type PaymentSchedule } from './payment-schedule'

const due = { on: 'acceptance' } as const
const percents = (...shares: number[]): PaymentSchedule => ({
  by: 'percent',
  instalments: shares.map((percent) => ({ percent, due })),
})

/** The largest proposal total the proposals' limits allow (50 lines at the top, plus IVA). */
const maxTotal = Math.ceil(
  moneyLimits.maxItems * moneyLimits.maxQuantity * moneyLimits.maxUnitPrice * 1.16,
)

/** Whole percentages, one to 12 of them, adding up to 100 (cuts of 0…100, sorted). */
const percentSplits = fc
  .uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: maxInstalments - 1 })
  .map((cuts) => {
    const edges = [0, ...[...cuts].sort((a, b) => a - b), 100]
    return edges.slice(1).map((edge, index) => edge - (edges[index] ?? 0))
  })

const sum = (values: readonly number[]) => values.reduce((all, value) => all + value, 0)

describe('instalment amounts', () => {
  it('splits 50/50, the odd centavo to the last', () => {
    expect(instalmentAmounts(percents(50, 50), 1_334_099)).toEqual([667_049, 667_050])
  })

  it('splits thirds down to the centavo, the remainder to the last', () => {
    expect(instalmentAmounts(percents(33, 33, 34), 100)).toEqual([33, 33, 34])
    expect(instalmentAmounts(percents(34, 33, 33), 101)).toEqual([34, 33, 34])
  })

  it('takes an amounts plan as written', () => {
    const plan: PaymentSchedule = {
      by: 'amount',
      instalments: [
        { amount: 100, due },
        { amount: 250, due },
      ],
    }
    expect(instalmentAmounts(plan, 350)).toEqual([100, 250])
  })

  it('never creates or loses a centavo, for any total and any split into whole percentages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: maxTotal }), percentSplits, (total, shares) => {
        const amounts = instalmentAmounts(percents(...shares), total)
        expect(amounts).toHaveLength(shares.length)
        expect(sum(amounts)).toBe(total)
        for (const amount of amounts) expect(Number.isSafeInteger(amount)).toBe(true)
        // Every instalment but the last is its share rounded down; none is negative.
        amounts.forEach((amount, index) => {
          const exact = (total * (shares[index] ?? 0)) / 100
          expect(amount).toBeGreaterThanOrEqual(0)
          if (index < amounts.length - 1) expect(amount).toBe(Math.floor(exact))
          else expect(amount).toBeGreaterThanOrEqual(Math.floor(exact))
        })
      }),
      { numRuns: 2000 },
    )
  })
})

/** Instalments of a plan, each with some of it already paid. */
const owedInstalments = fc.array(
  fc
    .record({
      amount: fc.integer({ min: 1, max: 1_000_000_000 }),
      paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ amount, paidShare }) => ({ amount, paid: Math.floor(amount * paidShare) })),
  { maxLength: maxInstalments },
)

describe('allocating a payment', () => {
  it('pays the first instalment in part, then in full, then keeps the rest as credit', () => {
    const owed = [
      { id: 'a', amount: 1000, paid: 0 },
      { id: 'b', amount: 1000, paid: 0 },
    ]
    expect(allocatePayment(owed, 400)).toEqual({ parts: [{ id: 'a', amount: 400 }], credit: 0 })
    expect(allocatePayment([{ id: 'a', amount: 1000, paid: 400 }], 900)).toEqual({
      parts: [{ id: 'a', amount: 600 }],
      credit: 300,
    })
  })

  it('never creates or loses a centavo: the parts and the credit add up to the payment', () => {
    fc.assert(
      fc.property(owedInstalments, fc.integer({ min: 1, max: 9_999_999_999 }), (list, amount) => {
        const owed = list.map((item, index) => ({ ...item, id: String(index) }))
        const { parts, credit } = allocatePayment(owed, amount)
        expect(sum(parts.map((part) => part.amount)) + credit).toBe(amount)
        expect(credit).toBeGreaterThanOrEqual(0)
        const lacking = sum(owed.map((item) => item.amount - item.paid))
        // Credit only once everything owed is paid; overpaying an instalment never happens.
        expect(credit).toBe(Math.max(0, amount - lacking))
        for (const part of parts) {
          const item = owed[Number(part.id)]
          expect(part.amount).toBeGreaterThan(0)
          expect(part.amount).toBeLessThanOrEqual((item?.amount ?? 0) - (item?.paid ?? 0))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('pays in the plan order: an instalment is paid only once those before it are', () => {
    fc.assert(
      fc.property(owedInstalments, fc.integer({ min: 1, max: 2_000_000_000 }), (list, amount) => {
        const owed = list.map((item, index) => ({ ...item, id: String(index) }))
        const { parts } = allocatePayment(owed, amount)
        const paidAfter = owed.map((item) => {
          const part = parts.find((p) => p.id === item.id)
          return item.paid + (part?.amount ?? 0)
        })
        const lastTouched = Math.max(-1, ...parts.map((part) => Number(part.id)))
        for (let index = 0; index < lastTouched; index += 1)
          expect(paidAfter[index]).toBe(owed[index]?.amount)
      }),
    )
  })

  it('applies a series of partial payments and overpayments to a plan without losing a centavo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        percentSplits,
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, shares, payments) => {
          const amounts = instalmentAmounts(percents(...shares), total)
          const owed = amounts.map((amount, index) => ({ id: String(index), amount, paid: 0 }))
          let credit = 0
          for (const payment of payments) {
            const allocation = allocatePayment(owed, payment)
            for (const part of allocation.parts) {
              const item = owed[Number(part.id)]
              if (item) item.paid += part.amount
            }
            credit += allocation.credit
          }
          const received = sum(payments)
          expect(sum(owed.map((item) => item.paid)) + credit).toBe(received)
          expect(credit).toBe(Math.max(0, received - total))
        },
      ),
    )
  })
})
