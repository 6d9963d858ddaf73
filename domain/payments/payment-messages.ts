import { msg } from '@lingui/core/macro'

/** Validation messages of a payment plan and of a recorded payment (forms and API 400s). */
export const paymentMessages = {
  scheduleInvalid: msg`Describe the payment plan as percentages or amounts of the total, with one to 12 instalments.`,
  tooManyInstalments: msg`A payment plan has at most 12 instalments.`,
  percentInvalid: msg`Use a whole percentage from 1 to 100.`,
  percentsNotHundred: msg`The percentages of a payment plan must add up to 100.`,
  instalmentAmountInvalid: msg`Use an instalment amount of at least 0.01 pesos, in centavos.`,
  amountsNotTotal: msg`The instalments must add up to the proposal's total.`,
  instalmentTooSmall: msg`Each instalment must come to at least 0.01 pesos: use fewer instalments or larger shares.`,
  currencyInvalid: msg`Amounts are in Mexican pesos (MXN) only.`,
  dueInvalid: msg`Say when each instalment is due: on acceptance, on delivery, or on a date.`,
  dueDateInvalid: msg`Choose a due date after today and at most two years from now.`,
  paymentAmountInvalid: msg`Use an amount from 0.01 to 99,999,999.99 pesos, in centavos.`,
  paidOnInvalid: msg`Choose the day the payment was received: today or earlier.`,
  methodInvalid: msg`Choose how it was paid: SPEI transfer, cash, card or other.`,
  voidReasonInvalid: msg`Say why the instalment is voided, in up to 500 characters.`,
  refundReasonInvalid: msg`Say why the payment is refunded, in up to 500 characters.`,
}
