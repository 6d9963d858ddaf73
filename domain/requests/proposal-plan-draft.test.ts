import { describe, expect, it } from 'vitest'
import { type DraftValues, draftInput, draftOf, draftProblems, emptyDraft } from './proposal-draft'
import {
  type DraftPlan,
  planProblemMessage,
  planProblems,
  typedInstalmentAmounts,
} from './proposal-plan-draft'

const row = (
  key: number,
  share: string,
  due: 'acceptance' | 'delivered' | 'date' = 'acceptance',
  date = '',
) => ({
  key,
  share,
  due,
  date,
})

/** One item of 100.01 pesos: total 116.01 with IVA (11,601 centavos). */
const draft = (plan: DraftPlan | null): DraftValues => ({
  ...emptyDraft,
  title: 'Online shop',
  items: [{ key: 0, description: 'Design', quantity: '1', unitPrice: '100.01' }],
  plan,
})

describe('a payment plan as typed in the proposal editor', () => {
  it('percentages: each rounded down to the centavo, the rest to the last, adding up to the total', () => {
    const plan: DraftPlan = {
      by: 'percent',
      instalments: [row(1, '33'), row(2, '33', 'delivered'), row(3, '34', 'date', '2027-01-15')],
    }
    expect(planProblems(plan, 11_601)).toEqual([])
    const amounts = typedInstalmentAmounts(plan, 11_601)
    expect([...amounts.values()]).toEqual([3828, 3828, 3945])
    expect(draftProblems(draft(plan))).toEqual([])
    expect(draftInput(draft(plan)).paymentSchedule).toEqual({
      by: 'percent',
      instalments: [
        { percent: 33, due: { on: 'acceptance' } },
        { percent: 33, due: { on: 'status', status: 'delivered' } },
        { percent: 34, due: { on: 'date', date: '2027-01-15' } },
      ],
    })
  })

  it('amounts are read from the digits and must add up to the total', () => {
    const plan: DraftPlan = {
      by: 'amount',
      instalments: [row(1, '58.00'), row(2, '58.01', 'delivered')],
    }
    expect(draftProblems(draft(plan))).toEqual([])
    expect(draftInput(draft(plan)).paymentSchedule).toEqual({
      by: 'amount',
      instalments: [
        { amount: 5800, due: { on: 'acceptance' } },
        { amount: 5801, due: { on: 'status', status: 'delivered' } },
      ],
    })
    const short = { ...plan, instalments: [row(1, '58.00'), row(2, '58.00')] }
    expect(draftProblems(draft(short))).toEqual(['plan.amountsNotTotal'])
  })

  it('names each wrong share and date, with the shared schema’s messages', () => {
    const plan: DraftPlan = {
      by: 'percent',
      instalments: [row(4, '0'), row(5, '50.5', 'date', '2027-02-30'), row(6, '50', 'date', '')],
    }
    const problems = planProblems(plan, 11_601)
    expect(problems).toEqual(['plan.4.share', 'plan.5.share', 'plan.5.date', 'plan.6.date'])
    expect(problems.map((problem) => planProblemMessage(problem, plan))).toEqual([
      'percentInvalid',
      'percentInvalid',
      'dueDateInvalid',
      'dueDateInvalid',
    ])
    expect(planProblemMessage('plan.1.share', { ...plan, by: 'amount' })).toBe(
      'instalmentAmountInvalid',
    )
  })

  it('percentages must add up to 100; none may come to less than a centavo', () => {
    const plan: DraftPlan = { by: 'percent', instalments: [row(1, '50'), row(2, '40')] }
    expect(planProblems(plan, 11_601)).toEqual(['plan.percentsNotHundred'])
    const tiny: DraftPlan = { by: 'percent', instalments: [row(1, '1'), row(2, '99')] }
    expect(planProblems(tiny, 99)).toEqual(['plan.instalmentTooSmall'])
    expect(planProblemMessage('plan.instalmentTooSmall', tiny)).toBe('instalmentTooSmall')
  })

  it('the sums wait for the totals: no plan problem blamed on a wrong price', () => {
    const plan: DraftPlan = { by: 'amount', instalments: [row(1, '1.00')] }
    const values = {
      ...draft(plan),
      items: [{ key: 0, description: 'D', quantity: '1', unitPrice: 'x' }],
    }
    expect(draftProblems(values)).toEqual(['items.0.unitPrice'])
  })

  it('an amounts plan goes back into the editor as it was typed', () => {
    const values = draftOf({
      title: 'Online shop',
      items: [{ description: 'Design', quantity: 1, unitPrice: 10_001 }],
      discount: 0,
      validUntil: '2026-12-31',
      scope: '',
      terms: '',
      paymentPlan: {
        schedule: {
          by: 'amount',
          instalments: [
            { amount: 5800, due: { on: 'date', date: '2027-01-15' } },
            { amount: 5801, due: { on: 'status', status: 'delivered' } },
          ],
        },
      },
    })
    expect(values.plan).toEqual({
      by: 'amount',
      instalments: [row(1, '58.00', 'date', '2027-01-15'), row(2, '58.01', 'delivered')],
    })
  })
})
