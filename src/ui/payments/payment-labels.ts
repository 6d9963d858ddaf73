import { msg } from '@lingui/core/macro'
import type { InstalmentState } from '../../../domain/payments/instalment-state'
import type { PaymentMethod } from '../../../domain/payments/payment-methods'

// A context of their own (a literal: the extractor reads it): in Spanish they agree with
// "parcialidad", and "Due" as a state is not the "Due" of a column of dates.

/** What an instalment's state is called, on both sides. */
export const instalmentStateLabels = {
  scheduled: msg({ context: 'instalment state', message: 'Not due yet' }),
  due: msg({ context: 'instalment state', message: 'Due' }),
  partlyPaid: msg({ context: 'instalment state', message: 'Partly paid' }),
  paid: msg({ context: 'instalment state', message: 'Paid' }),
  void: msg({ context: 'instalment state', message: 'Void' }),
  refunded: msg({ context: 'instalment state', message: 'Refunded' }),
} satisfies Record<InstalmentState, unknown>

/** How a payment was made. */
export const paymentMethodLabels = {
  spei: msg`SPEI transfer`,
  cash: msg`Cash`,
  card: msg`Card`,
  oxxo: msg`Cash at OXXO`,
  other: msg`Other`,
} satisfies Record<PaymentMethod, unknown>
