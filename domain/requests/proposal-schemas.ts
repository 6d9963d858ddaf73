import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { computeTotals, isCentavos, moneyLimits } from '../money'
import { paymentMessages } from '../payments/payment-messages'
import { createPaymentScheduleSchema, scheduleProblem } from '../payments/payment-schemas'
import { fieldMessages, tooLong } from '../validation/field-messages'
import { isRealDate, isStorableText, requiredTextSchema } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { addDays, agencyDay, maxValidityDays } from './proposal-dates'
import { proposalMessages as m } from './proposal-messages'

/** Bounds of a proposal's texts, in code points. */
export const proposalLengths = {
  title: 200,
  itemDescription: 500,
  scope: 10_000,
  terms: 10_000,
  fullName: 200,
  reason: 2000,
} as const

const codePoints = (text: string) => [...text].length

/** A free text that may be empty but keeps its paragraphs (scope, terms, a reason). */
function optionalLongText(t: Translate, max: number) {
  return v.pipe(
    v.string(t(fieldMessages.mustBeText)),
    v.transform((value) => value.replace(/\r\n?/g, '\n')),
    v.trim(),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(
      (value) => isStorableText(value.replace(/[\n\t]/g, ' ')),
      t(fieldMessages.invisibleCharacters),
    ),
  )
}

function lineItemSchema(t: Translate) {
  return v.strictObject(
    {
      description: requiredTextSchema(t, proposalLengths.itemDescription),
      quantity: v.pipe(
        v.number(t(m.quantityInvalid)),
        v.integer(t(m.quantityInvalid)),
        v.minValue(1, t(m.quantityInvalid)),
        v.maxValue(moneyLimits.maxQuantity, t(m.quantityInvalid)),
      ),
      /** Centavos. */
      unitPrice: v.pipe(
        v.number(t(m.unitPriceInvalid)),
        v.check((value) => isCentavos(value, moneyLimits.maxUnitPrice), t(m.unitPriceInvalid)),
      ),
    },
    strictObjectMessage(t),
  )
}

/**
 * `POST …/proposals` and `PATCH …/proposals/:proposalId` (the agency's draft): amounts are
 * integer centavos; the server computes subtotal, IVA and total. `validUntil` (YYYY-MM-DD, today
 * to a year ahead in Mexico City) defaults to 30 days ahead; `today` is injectable for tests.
 * `paymentSchedule` (domain/payments/payment-schemas.ts) is the plan the total is paid in:
 * left out or null, the proposal has none; its amounts must add up to the computed total.
 */
export function createProposalDraftSchema(t: Translate, now: () => Date = () => new Date()) {
  return v.pipe(
    v.strictObject(
      {
        title: requiredTextSchema(t, proposalLengths.title),
        items: v.pipe(
          v.array(lineItemSchema(t), t(m.itemsRequired)),
          v.minLength(1, t(m.itemsRequired)),
          v.maxLength(moneyLimits.maxItems, t(m.tooManyItems)),
        ),
        discount: v.optional(
          v.pipe(
            v.number(t(m.discountInvalid)),
            v.check((value) => isCentavos(value), t(m.discountInvalid)),
          ),
          0,
        ),
        validUntil: v.optional(
          v.pipe(
            v.string(t(m.validUntilInvalid)),
            v.trim(),
            v.isoDate(t(m.validUntilInvalid)),
            v.check(isRealDate, t(m.validUntilInvalid)),
            v.check((value) => value >= agencyDay(now()), t(m.validUntilInvalid)),
            v.check(
              (value) => value <= addDays(agencyDay(now()), maxValidityDays),
              t(m.validUntilInvalid),
            ),
          ),
        ),
        scope: v.optional(optionalLongText(t, proposalLengths.scope), ''),
        terms: v.optional(optionalLongText(t, proposalLengths.terms), ''),
        paymentSchedule: v.optional(v.nullable(createPaymentScheduleSchema(t, now)), null),
      },
      strictObjectMessage(t),
    ),
    v.forward(
      v.check(
        (draft) => computeTotals(draft.items, draft.discount) !== undefined,
        t(m.discountTooLarge),
      ),
      ['discount'],
    ),
    v.forward(
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed || !dataset.value.paymentSchedule) return
        const totals = computeTotals(dataset.value.items, dataset.value.discount)
        if (!totals) return
        const problem = scheduleProblem(dataset.value.paymentSchedule, totals.total)
        if (problem) addIssue({ message: t(paymentMessages[problem]) })
      }),
      ['paymentSchedule'],
    ),
  )
}
export type ProposalDraftInput = v.InferInput<ReturnType<typeof createProposalDraftSchema>>
export type ProposalDraftValues = v.InferOutput<ReturnType<typeof createProposalDraftSchema>>

/** `POST …/proposals/:proposalId/accept`: the client's typed name and their tick. */
export function createAcceptProposalSchema(t: Translate) {
  return v.strictObject(
    {
      fullName: v.pipe(
        v.string(t(m.fullNameRequired)),
        v.trim(),
        v.nonEmpty(t(m.fullNameRequired)),
        v.check((value) => codePoints(value) <= proposalLengths.fullName, t(tooLong(200))),
        v.check(isStorableText, t(fieldMessages.invisibleCharacters)),
      ),
      accept: v.literal(true, t(m.acceptRequired)),
    },
    strictObjectMessage(t),
  )
}
export type AcceptProposalInput = v.InferInput<ReturnType<typeof createAcceptProposalSchema>>

/** `POST …/proposals/:proposalId/decline` (client) and `…/withdraw` (agency): a reason, optional. */
export function createProposalAnswerSchema(t: Translate) {
  return v.strictObject(
    { reason: v.optional(optionalLongText(t, proposalLengths.reason), '') },
    strictObjectMessage(t),
  )
}
export type ProposalReasonInput = v.InferInput<ReturnType<typeof createProposalAnswerSchema>>
