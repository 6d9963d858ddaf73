import { msg } from '@lingui/core/macro'

/** The receivables list's query messages (its 400 answers). */
export const receivablesMessages = {
  stateInvalid: msg`Choose an instalment state from the list.`,
  methodInvalid: msg`Choose a payment method from the list.`,
}
