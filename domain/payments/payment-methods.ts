/** How a payment the agency records was made (SPEI first; card and OXXO through Stripe come later). */
export const paymentMethods = ['spei', 'cash', 'card', 'other'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
