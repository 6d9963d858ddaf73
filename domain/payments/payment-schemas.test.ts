import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { firstIssuePerPath } from '../validation/schema-issues'
import {
  createPaymentScheduleSchema,
  createRecordPaymentSchema,
  scheduleProblem,
} from './payment-schemas'

const t = (descriptor: { message?: string; id?: string }) =>
  descriptor.message ?? descriptor.id ?? ''
const now = new Date('2026-03-10T18:00:00Z')
const schema = createPaymentScheduleSchema(t, () => now)
const payment = createRecordPaymentSchema(t, () => now)

const fiftyFifty = {
  by: 'percent',
  instalments: [
    { percent: 50, due: { on: 'acceptance' } },
    { percent: 50, due: { on: 'status', status: 'delivered' } },
  ],
}

function problems(schemaOf: typeof schema | typeof payment, input: unknown) {
  const parsed = v.safeParse(schemaOf, input)
  return parsed.success ? {} : firstIssuePerPath(parsed.issues)
}

describe('payment plan schema', () => {
  it('takes a 50/50 plan (on acceptance, on delivery), with or without MXN', () => {
    expect(v.safeParse(schema, fiftyFifty).output).toEqual(fiftyFifty)
    expect(v.safeParse(schema, { ...fiftyFifty, currency: 'MXN' }).output).toEqual(fiftyFifty)
  })

  it('takes amounts and dates after today, up to two years ahead', () => {
    const plan = {
      by: 'amount',
      instalments: [
        { amount: 100, due: { on: 'date', date: '2026-03-11' } },
        { amount: 1, due: { on: 'date', date: '2028-03-09' } },
      ],
    }
    expect(v.safeParse(schema, plan).success).toBe(true)
  })

  it('refuses percentages that do not add up to 100', () => {
    const plan = { by: 'percent', instalments: [{ percent: 50, due: { on: 'acceptance' } }] }
    expect(problems(schema, plan)).toEqual({
      '': 'The percentages of a payment plan must add up to 100.',
    })
  })

  it('refuses hostile numbers: negative, fractional, huge, not a number', () => {
    for (const percent of [-50, 50.5, 1e300, Number.NaN, '50', null, 0, 101]) {
      const plan = {
        by: 'percent',
        instalments: [
          { percent, due: { on: 'acceptance' } },
          { percent: 50, due: { on: 'acceptance' } },
        ],
      }
      expect(problems(schema, plan)['instalments.0.percent']).toBe(
        'Use a whole percentage from 1 to 100.',
      )
    }
    for (const amount of [-1, 0, 0.5, 1e300, Number.POSITIVE_INFINITY, '100']) {
      const plan = { by: 'amount', instalments: [{ amount, due: { on: 'acceptance' } }] }
      expect(problems(schema, plan)['instalments.0.amount']).toBe(
        'Use an instalment amount of at least 0.01 pesos, in centavos.',
      )
    }
  })

  it('refuses a foreign currency, more than 12 instalments, an unknown kind or due', () => {
    expect(problems(schema, { ...fiftyFifty, currency: 'USD' })).toEqual({
      currency: 'Amounts are in Mexican pesos (MXN) only.',
    })
    const thirteen = Array.from({ length: 13 }, () => ({ amount: 1, due: { on: 'acceptance' } }))
    expect(problems(schema, { by: 'amount', instalments: thirteen })).toEqual({
      instalments: 'A payment plan has at most 12 instalments.',
    })
    expect(problems(schema, { by: 'share', instalments: [] })).toEqual({
      by: 'Describe the payment plan as percentages or amounts of the total, with one to 12 instalments.',
    })
    expect(problems(schema, { by: 'amount', instalments: [] })).toEqual({
      instalments:
        'Describe the payment plan as percentages or amounts of the total, with one to 12 instalments.',
    })
    const dueOn = (due: unknown) =>
      problems(schema, { by: 'amount', instalments: [{ amount: 1, due }] })
    expect(dueOn({ on: 'status', status: 'received' })['instalments.0.due.status']).toBe(
      'Say when each instalment is due: on acceptance, on delivery, or on a date.',
    )
    expect(dueOn({ on: 'whenever' })['instalments.0.due.on']).toBe(
      'Say when each instalment is due: on acceptance, on delivery, or on a date.',
    )
  })

  it('refuses a date today or before, after two years, or not a real day', () => {
    for (const date of ['2026-03-10', '2026-03-09', '2028-03-10', '2026-02-30', 'tomorrow']) {
      const plan = { by: 'amount', instalments: [{ amount: 1, due: { on: 'date', date } }] }
      expect(problems(schema, plan)['instalments.0.due.date']).toBe(
        'Choose a due date after today and at most two years from now.',
      )
    }
  })

  it('checks a plan against the total: amounts must add up, no instalment under a centavo', () => {
    const plan = (amounts: number[]) => ({
      by: 'amount' as const,
      instalments: amounts.map((amount) => ({ amount, due: { on: 'acceptance' as const } })),
    })
    expect(scheduleProblem(plan([100, 200]), 300)).toBeUndefined()
    expect(scheduleProblem(plan([100, 200]), 301)).toBe('amountsNotTotal')
    const thirds = {
      by: 'percent' as const,
      instalments: [34, 33, 33].map((percent) => ({ percent, due: { on: 'acceptance' as const } })),
    }
    expect(scheduleProblem(thirds, 100)).toBeUndefined()
    // 3 centavos in 34/33/33: 1, 0 and 2.
    expect(scheduleProblem(thirds, 3)).toBe('instalmentTooSmall')
  })
})

describe('recorded payment schema', () => {
  const received = { amount: 50_000, paidOn: '2026-03-10', method: 'spei' }

  it('takes a payment received today or before, with a note', () => {
    expect(v.safeParse(payment, { ...received, note: ' Transferencia ' }).output).toEqual({
      ...received,
      note: 'Transferencia',
    })
  })

  it('refuses hostile input with a message on its field', () => {
    for (const amount of [0, -100, 10.5, 1e16, '500', null])
      expect(problems(payment, { ...received, amount }).amount).toBe(
        'Use an amount from 0.01 to 99,999,999.99 pesos, in centavos.',
      )
    expect(problems(payment, { ...received, paidOn: '2026-03-11' }).paidOn).toBeDefined()
    expect(problems(payment, { ...received, method: 'bitcoin' }).method).toBeDefined()
    expect(problems(payment, { ...received, currency: 'USD' }).currency).toBe(
      'Amounts are in Mexican pesos (MXN) only.',
    )
    expect(problems(payment, { ...received, instalmentId: 'x' }).instalmentId).toBeDefined()
    expect(problems(payment, { ...received, note: 'a\u202eb' }).note).toBeDefined()
  })
})
