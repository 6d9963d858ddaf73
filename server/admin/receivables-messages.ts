import { msg } from '@lingui/core/macro'
import type { InstalmentState } from '../../domain/payments/instalment-state'
import type { PaymentMethod } from '../../domain/payments/payment-methods'

/** The receivables export's headings (in the agency's language). */
export const receivablesCsvHeadings = {
  folio: msg`Folio`,
  requestNumber: msg`Request`,
  client: msg`Client`,
  email: msg`Email`,
  amount: msg`Amount (MXN)`,
  paid: msg`Paid (MXN)`,
  balance: msg`Balance (MXN)`,
  state: msg`State`,
  overdue: msg`Overdue`,
  due: msg`Due`,
  lastPaymentOn: msg`Last payment`,
  lastPaymentMethod: msg`Method`,
}

/** An instalment's state in the export (Spanish: they agree with "parcialidad"). */
export const receivableStateValues = {
  scheduled: msg({ context: 'instalment state', message: 'Not due yet' }),
  due: msg({ context: 'instalment state', message: 'Due' }),
  partlyPaid: msg({ context: 'instalment state', message: 'Partly paid' }),
  paid: msg({ context: 'instalment state', message: 'Paid' }),
  void: msg({ context: 'instalment state', message: 'Void' }),
  refunded: msg({ context: 'instalment state', message: 'Refunded' }),
} satisfies Record<InstalmentState, unknown>

/** How a payment was made, in the export. */
export const receivableMethodValues = {
  spei: msg`SPEI transfer`,
  cash: msg`Cash`,
  card: msg`Card`,
  oxxo: msg`Cash at OXXO`,
  other: msg`Other`,
} satisfies Record<PaymentMethod, unknown>

/** The due column of an instalment that waits: on acceptance, or on the request's delivery. */
export const receivableDueValues = {
  acceptance: msg`On acceptance`,
  delivered: msg`On delivery`,
}
