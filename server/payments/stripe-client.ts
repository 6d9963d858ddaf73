import Stripe from 'stripe'
import type { CardPayments } from '../http/agency-deps'

export type { CardPayments }

/** STRIPE_*: the account's keys and the webhook endpoint's signing secret. */
export type StripeSettings = {
  readonly secretKey: string
  readonly publishableKey: string
  readonly webhookSecret: string
  /**
   * STRIPE_API_BASE: where the library sends its calls instead of api.stripe.com — a local
   * stand-in for tests and development only (server/test/stripe-stand-in.ts).
   */
  readonly apiBase?: string
}

/** The official library, pointed at Stripe (or at STRIPE_API_BASE's stand-in). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined
  return new Stripe(settings.secretKey, {
    // A retry of a create carries the same idempotency key: Stripe answers the first result.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'agency-site' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}

export function cardPaymentsOf(settings: StripeSettings, publicUrl: string): CardPayments {
  return { stripe: createStripeClient(settings), webhookSecret: settings.webhookSecret, publicUrl }
}
