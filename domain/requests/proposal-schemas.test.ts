import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { firstIssuePerField } from '../validation/schema-issues'
import { defaultValidUntil, isPastValidity } from './proposal-dates'
import { createAcceptProposalSchema, createProposalDraftSchema } from './proposal-schemas'

const t = (descriptor: { message?: string; id?: string }) =>
  descriptor.message ?? descriptor.id ?? ''
const now = new Date('2026-03-10T18:00:00Z')
const draftSchema = createProposalDraftSchema(t, () => now)

const draft = {
  title: 'Diseño web – Año 1',
  items: [{ description: 'Diseño', quantity: 1, unitPrice: 1_250_000 }],
}

describe('proposal schemas', () => {
  it('takes a draft with defaults', () => {
    const parsed = v.safeParse(draftSchema, draft)
    expect(parsed.success && parsed.output).toEqual({
      ...draft,
      discount: 0,
      scope: '',
      terms: '',
      paymentSchedule: null,
    })
  })

  it('refuses a discount above the subtotal, on the discount field', () => {
    const parsed = v.safeParse(draftSchema, { ...draft, discount: 1_250_001 })
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(firstIssuePerField(parsed.issues)).toEqual({
        discount: 'The discount cannot be larger than the subtotal.',
      })
  })

  it('refuses fractions of a centavo, odd quantities and a past valid-until day', () => {
    for (const item of [
      { description: 'x', quantity: 1, unitPrice: 0.5 },
      { description: 'x', quantity: 0, unitPrice: 1 },
      { description: 'x', quantity: 1000, unitPrice: 1 },
      { description: 'x', quantity: 1, unitPrice: 100_000_000 },
    ]) {
      expect(v.safeParse(draftSchema, { ...draft, items: [item] }).success).toBe(false)
    }
    expect(v.safeParse(draftSchema, { ...draft, validUntil: '2026-03-09' }).success).toBe(false)
    expect(v.safeParse(draftSchema, { ...draft, validUntil: '2026-03-10' }).success).toBe(true)
    expect(v.safeParse(draftSchema, { ...draft, validUntil: '2026-02-30' }).success).toBe(false)
  })

  it('needs the typed name and the tick to accept', () => {
    const accept = createAcceptProposalSchema(t)
    expect(v.safeParse(accept, { fullName: 'Ana Pérez', accept: true }).success).toBe(true)
    expect(v.safeParse(accept, { fullName: ' ', accept: true }).success).toBe(false)
    expect(v.safeParse(accept, { fullName: 'Ana Pérez', accept: false }).success).toBe(false)
  })

  it('counts validity in Mexico City days', () => {
    expect(defaultValidUntil(now)).toBe('2026-04-09')
    // 05:59 UTC on the 11th is still the 10th in Mexico City (UTC−6).
    expect(isPastValidity('2026-03-10', new Date('2026-03-11T05:59:00Z'))).toBe(false)
    expect(isPastValidity('2026-03-10', new Date('2026-03-11T06:00:00Z'))).toBe(true)
  })
})

describe('a proposal draft with a payment plan', () => {
  const plan = (amounts: number[]) => ({
    by: 'amount',
    instalments: amounts.map((amount) => ({ amount, due: { on: 'acceptance' } })),
  })

  it('takes a plan whose amounts add up to the total (IVA included)', () => {
    // 12,500.00 + 16 % IVA = 14,500.00.
    const parsed = v.safeParse(draftSchema, { ...draft, paymentSchedule: plan([725_000, 725_000]) })
    expect(parsed.success).toBe(true)
  })

  it('refuses amounts that do not add up to the total, on the plan', () => {
    const parsed = v.safeParse(draftSchema, { ...draft, paymentSchedule: plan([725_000, 724_999]) })
    expect(parsed.success ? {} : firstIssuePerField(parsed.issues)).toEqual({
      paymentSchedule: "The instalments must add up to the proposal's total.",
    })
  })
})
