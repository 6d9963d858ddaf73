/**
 * How a payment was made: SPEI first; card and OXXO (cash at the shop) through Stripe, recorded
 * from its signed webhooks (server/payments/stripe/).
 */
export const paymentMethods = ['spei', 'cash', 'card', 'oxxo', 'other'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
