import type Stripe from 'stripe'
import type { SpeiAccount } from '../../domain/api/payments-endpoints'
import type { Locale } from '../../domain/locales'
import type { ApiDeps } from './api-env'

/**
 * The dependencies of the resources that mail the agency (contact, service requests, the admin's
 * status changes): the API's, plus the agency's inbox.
 */
export type AgencyDeps = ApiDeps & {
  /** AGENCY_EMAIL: the agency's inbox, which receives a copy of every enquiry and request. */
  readonly agencyEmail: string
  /** AGENCY_LANGUAGE: the language its mails are written in, whatever the client's. */
  readonly agencyLocale: Locale
  /** AGENCY_TIME_ZONE: the agency's clock (exports, the acceptance record of a proposal). */
  readonly agencyTimeZone: string
  /**
   * PAYMENT_BANK, PAYMENT_BENEFICIARY, PAYMENT_CLABE: where clients send SPEI transfers (the
   * payments show it beside each instalment's reference); undefined when not set.
   */
  readonly speiAccount?: SpeiAccount
  /** STRIPE_*: card and OXXO payments through Stripe; undefined hides them (their routes 404). */
  readonly cardPayments?: CardPayments
}

/** Card and OXXO payments through Stripe: what the payment routes need when Stripe is set up. */
export type CardPayments = {
  /** The official library (pointed at STRIPE_API_BASE's stand-in in tests). */
  readonly stripe: Stripe
  /** STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret. */
  readonly webhookSecret: string
  /** The site's public address: Checkout sends the client back to the request's Payments. */
  readonly publicUrl: string
}
