import { msg } from '@lingui/core/macro'

/** Validation messages of a proposal's draft and of the client's answer (forms and API 400s). */
export const proposalMessages = {
  itemsRequired: msg`Add at least one line item.`,
  tooManyItems: msg`A proposal has at most 50 line items.`,
  quantityInvalid: msg`Use a whole quantity from 1 to 999.`,
  unitPriceInvalid: msg`Use an amount from 0.00 to 999,999.99 pesos, in centavos.`,
  discountInvalid: msg`Use a discount of zero or more pesos, in centavos.`,
  discountTooLarge: msg`The discount cannot be larger than the subtotal.`,
  validUntilInvalid: msg`Choose a valid-until date from today to a year from now.`,
  acceptRequired: msg`Tick “I accept this proposal” to accept it.`,
  fullNameRequired: msg`Type your full name to accept the proposal.`,
}
