import { describe, expect, it } from 'vitest'
import {
  type DraftValues,
  draftInput,
  draftOf,
  draftProblems,
  draftTotals,
  emptyDraft,
} from './proposal-draft'

const draft = (item: Partial<DraftValues['items'][number]>, rest: Partial<DraftValues> = {}) => ({
  ...emptyDraft,
  title: 'Online shop',
  items: [{ key: 0, description: 'Design', quantity: '1', unitPrice: '1', ...item }],
  ...rest,
})

describe('a proposal as typed in the editor', () => {
  it.each([
    ['12,500.50', 1_250_050],
    ['12500.5', 1_250_050],
    ['0.01', 1],
    ['0.29', 29],
    ['999,999.99', 99_999_999],
  ])('%s pesos are %i centavos, read from the digits', (unitPrice, centavos) => {
    const values = draft({ unitPrice })
    expect(draftProblems(values)).toEqual([])
    expect(draftInput(values).items[0]?.unitPrice).toBe(centavos)
  })

  it.each(['', '-1', '0.005', '12.500,00', '1e3', '1,000,000.00'])(
    'a unit price of "%s" is refused',
    (unitPrice) => {
      expect(draftProblems(draft({ unitPrice }))).toEqual(['items.0.unitPrice'])
    },
  )

  it.each(['0', '1.5', '1000', ''])('a quantity of "%s" is refused', (quantity) => {
    expect(draftProblems(draft({ quantity }))).toEqual(['items.0.quantity'])
  })

  it('a discount larger than the subtotal is refused; equal to it is fine', () => {
    // 999 × 999,999.99 = 998,999,990.01 pesos.
    const item = { quantity: '999', unitPrice: '999,999.99' }
    expect(draftProblems(draft(item, { discount: '998,999,990.01' }))).toEqual([])
    expect(draftProblems(draft(item, { discount: '998,999,990.02' }))).toEqual(['discountTooLarge'])
  })

  it('names each wrong field, the title first', () => {
    expect(
      draftProblems({
        ...emptyDraft,
        items: [{ key: 3, description: ' ', quantity: '1', unitPrice: 'x' }],
        discount: 'y',
      }),
    ).toEqual(['title', 'items.3.description', 'items.3.unitPrice', 'discount'])
  })

  it('a stored proposal goes back into the editor as it was typed', () => {
    const values = draft({ unitPrice: '12,500.50', quantity: '3' }, { discount: '100.00' })
    const input = draftInput(values)
    const stored = {
      ...input,
      validUntil: '2026-12-31',
      scope: '',
      terms: '',
      paymentPlan: null,
      discount: input.discount ?? 0,
      items: input.items.map((item) => ({ ...item, amount: item.quantity * item.unitPrice })),
    }
    expect(draftOf(stored)).toEqual({ ...values, validUntil: '2026-12-31' })
  })

  it('keeps the payment plan through the editor: read from the proposal, sent back with an edit', () => {
    const schedule = {
      by: 'percent',
      instalments: [
        { percent: 50, due: { on: 'acceptance' } },
        { percent: 50, due: { on: 'status', status: 'delivered' } },
      ],
    } as const
    const values = draftOf({
      title: 'Online shop',
      items: [{ description: 'Design', quantity: 1, unitPrice: 1_250_000 }],
      discount: 0,
      validUntil: '2026-12-31',
      scope: '',
      terms: '',
      paymentPlan: { schedule },
    })
    expect(values.plan).toEqual({
      by: 'percent',
      instalments: [
        { key: 1, share: '50', due: 'acceptance', date: '' },
        { key: 2, share: '50', due: 'delivered', date: '' },
      ],
    })
    expect(draftInput(values).paymentSchedule).toEqual(schedule)
    expect(draftInput({ ...values, plan: null }).paymentSchedule).toBeNull()
  })

  it('previews the totals as typed, and none while an amount is not one', () => {
    const items = [
      { quantity: '1', unitPrice: '12,500.00' },
      { quantity: '2', unitPrice: '1,500.50' },
    ]
    expect(draftTotals({ items, discount: '500' })).toEqual({
      subtotal: 1_550_100,
      discount: 50_000,
      taxable: 1_500_100,
      iva: 240_016,
      total: 1_740_116,
    })
    expect(draftTotals({ items, discount: '' })?.total).toBe(1_798_116)
    expect(draftTotals({ items: [{ quantity: '', unitPrice: '10' }], discount: '' })).toBe(
      undefined,
    )
    expect(draftTotals({ items, discount: 'abc' })).toBe(undefined)
    expect(draftTotals({ items, discount: '99,999.00' })).toBe(undefined)
  })
})
