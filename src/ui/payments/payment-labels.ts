import { msg } from '@lingui/core/macro'
import type { InstalmentState } from '../../../domain/payments/instalment-state'
import type { PaymentMethod } from '../../../domain/payments/payment-methods'

/** What an instalment's state is called, on both sides. */
export const instalmentStateLabels = {
  scheduled: msg`Not due yet`,
  due: msg`Due`,
  partlyPaid: msg`Partly paid`,
  paid: msg`Paid`,
  void: msg`Void`,
  refunded: msg`Refunded`,
} satisfies Record<InstalmentState, unknown>

/** How a payment was made. */
export const paymentMethodLabels = {
  spei: msg`SPEI transfer`,
  cash: msg`Cash`,
  card: msg`Card`,
  other: msg`Other`,
} satisfies Record<PaymentMethod, unknown>
