import * as v from 'valibot'
import { addDays, agencyDay } from '../agency-day'
import type { Translate } from '../forms/translate'
import { currencyCode, isCentavos } from '../money'
import { isRealDate, optionalTextSchema } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { paymentMessages as m } from './payment-messages'
import { paymentMethods } from './payment-methods'
import {
  dueStatuses,
  instalmentAmounts,
  maxInstalments,
  type PaymentSchedule,
} from './payment-schedule'

/** How far ahead an instalment's date may be: two years (a proposal is valid up to one). */
export const maxDueDays = 730

/** The largest payment recorded at once: 99,999,999.99 pesos (every sum stays a safe integer). */
export const maxPaymentAmount = 9_999_999_999

export const paymentNoteLength = 500

/** YYYY-MM-DD that is a real day, trimmed; `inRange` says which days are allowed. */
function daySchema(
  t: Translate,
  message: Parameters<Translate>[0],
  inRange: (day: string) => boolean,
) {
  return v.pipe(
    v.string(t(message)),
    v.trim(),
    v.isoDate(t(message)),
    v.check(isRealDate, t(message)),
    v.check(inRange, t(message)),
  )
}

function dueSchema(t: Translate, now: () => Date) {
  const invalid = t(m.dueInvalid)
  return v.variant(
    'on',
    [
      v.strictObject({ on: v.literal('acceptance') }, invalid),
      v.strictObject(
        { on: v.literal('status'), status: v.picklist(dueStatuses, invalid) },
        invalid,
      ),
      v.strictObject(
        {
          on: v.literal('date'),
          date: daySchema(t, m.dueDateInvalid, (day) => {
            const today = agencyDay(now())
            return day > today && day <= addDays(today, maxDueDays)
          }),
        },
        invalid,
      ),
    ],
    invalid,
  )
}

const instalmentList = <T extends v.GenericSchema>(t: Translate, item: T) =>
  v.pipe(
    v.array(item, t(m.scheduleInvalid)),
    v.minLength(1, t(m.scheduleInvalid)),
    v.maxLength(maxInstalments, t(m.tooManyInstalments)),
  )

/**
 * A payment plan as the API takes it (the proposal's `paymentSchedule`): `by` says whether the
 * instalments are percentages (whole, 1–100, adding up to 100) or amounts (centavos, each at
 * least one; that they add up to the total is checked with the total, `scheduleFitsTotal`);
 * one to 12 instalments, each due on acceptance, on delivery or on a day after today (up to two
 * years ahead, in Mexico City). `currency` may be left out; when given it must be MXN.
 */
export function createPaymentScheduleSchema(t: Translate, now: () => Date = () => new Date()) {
  const due = dueSchema(t, now)
  const currency = v.optional(v.literal(currencyCode, t(m.currencyInvalid)))
  const percent = v.strictObject(
    {
      percent: v.pipe(
        v.number(t(m.percentInvalid)),
        v.integer(t(m.percentInvalid)),
        v.minValue(1, t(m.percentInvalid)),
        v.maxValue(100, t(m.percentInvalid)),
      ),
      due,
    },
    strictObjectMessage(t),
  )
  const amount = v.strictObject(
    {
      amount: v.pipe(
        v.number(t(m.instalmentAmountInvalid)),
        v.check((value) => isCentavos(value) && value >= 1, t(m.instalmentAmountInvalid)),
      ),
      due,
    },
    strictObjectMessage(t),
  )
  const schedule = v.variant(
    'by',
    [
      v.pipe(
        v.strictObject(
          { by: v.literal('percent'), currency, instalments: instalmentList(t, percent) },
          strictObjectMessage(t),
        ),
        v.check(
          (plan) => plan.instalments.reduce((sum, item) => sum + item.percent, 0) === 100,
          t(m.percentsNotHundred),
        ),
      ),
      v.strictObject(
        { by: v.literal('amount'), currency, instalments: instalmentList(t, amount) },
        strictObjectMessage(t),
      ),
    ],
    t(m.scheduleInvalid),
  )
  // The currency is only checked; the plan kept is the plan without it.
  return v.pipe(
    schedule,
    v.transform(
      (plan): PaymentSchedule =>
        plan.by === 'percent'
          ? { by: 'percent', instalments: plan.instalments }
          : { by: 'amount', instalments: plan.instalments },
    ),
  )
}
export type PaymentScheduleInput = v.InferInput<ReturnType<typeof createPaymentScheduleSchema>>

/**
 * What is wrong with `schedule` for a proposal of `total` centavos, or undefined when it fits:
 * amounts must add up to the total, and no instalment may come to less than a centavo.
 */
export function scheduleProblem(
  schedule: PaymentSchedule,
  total: number,
): 'amountsNotTotal' | 'instalmentTooSmall' | undefined {
  if (schedule.by === 'amount') {
    const sum = schedule.instalments.reduce((all, item) => all + item.amount, 0)
    return sum === total ? undefined : 'amountsNotTotal'
  }
  return instalmentAmounts(schedule, total).every((amount) => amount >= 1)
    ? undefined
    : 'instalmentTooSmall'
}

/**
 * `POST /admin/…/payments`: a payment the agency received, in centavos (any amount: less than
 * what is owed is a partial payment, more is kept as the client's credit), the day it was
 * received (today or earlier, in Mexico City; within the last five years), how, and a note.
 */
export function createRecordPaymentSchema(t: Translate, now: () => Date = () => new Date()) {
  return v.strictObject(
    {
      amount: v.pipe(
        v.number(t(m.paymentAmountInvalid)),
        v.check(
          (value) => isCentavos(value, maxPaymentAmount) && value >= 1,
          t(m.paymentAmountInvalid),
        ),
      ),
      paidOn: daySchema(t, m.paidOnInvalid, (day) => {
        const today = agencyDay(now())
        return day <= today && day >= addDays(today, -5 * 366)
      }),
      method: v.picklist(paymentMethods, t(m.methodInvalid)),
      currency: v.optional(v.literal(currencyCode, t(m.currencyInvalid))),
      note: v.optional(optionalTextSchema(t, paymentNoteLength), ''),
    },
    strictObjectMessage(t),
  )
}
export type RecordPaymentInput = v.InferInput<ReturnType<typeof createRecordPaymentSchema>>

export const voidReasonLength = 500

/** `POST /admin/…/instalments/:instalmentId/void`: why the agency voids it (kept with the move). */
export function createVoidInstalmentSchema(t: Translate) {
  return v.strictObject(
    {
      reason: v.pipe(
        v.string(t(m.voidReasonInvalid)),
        v.trim(),
        v.minLength(1, t(m.voidReasonInvalid)),
        v.maxLength(voidReasonLength, t(m.voidReasonInvalid)),
      ),
    },
    strictObjectMessage(t),
  )
}
export type VoidInstalmentInput = v.InferInput<ReturnType<typeof createVoidInstalmentSchema>>

/** `POST /admin/…/instalments/:instalmentId/refund`: why the card payment is given back. */
export function createRefundInstalmentSchema(t: Translate) {
  return v.strictObject(
    {
      reason: v.pipe(
        v.string(t(m.refundReasonInvalid)),
        v.trim(),
        v.minLength(1, t(m.refundReasonInvalid)),
        v.maxLength(voidReasonLength, t(m.refundReasonInvalid)),
      ),
    },
    strictObjectMessage(t),
  )
}
export type RefundInstalmentInput = v.InferInput<ReturnType<typeof createRefundInstalmentSchema>>
export type RecordPaymentValues = v.InferOutput<ReturnType<typeof createRecordPaymentSchema>>
