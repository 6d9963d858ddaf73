/**
 * What every instance of the e2e server is started with besides its address, database and build
 * (global-setup.ts starts the first, second-instance.ts another on the same database).
 */
export const instanceSettings = {
  // The tests are the only clients and reach the server over loopback: trusting it as a
  // proxy lets each test file say which address it comes from (source-address.ts), so each
  // file has rate-limit budgets of its own.
  TRUST_PROXY: '127.0.0.1',
  // A conversation's digest mail waits seconds, not minutes: the journeys read it.
  MESSAGE_DIGEST_SECONDS: '2',
  // The journeys test what the server answers, not how long the database may take (the server
  // tests hold production's 2 s bounds): on a loaded machine a connection took longer, and a
  // sign-in was answered 503 by design.
  DATABASE_WAIT_MS: '20000',
  // No load balancer to wait for: a SIGTERM stops the instance at once.
  SHUTDOWN_DELAY_MS: '0',
  // The SPEI account a client's Payments section shows (the doubles' `speiAccount`).
  PAYMENT_BANK: 'Banco del Ejemplo',
  PAYMENT_BENEFICIARY: 'Puente Digital SA de CV',
  PAYMENT_CLABE: '032180000118359719',
  // Card and OXXO offered, and a Stripe that never answers (nothing listens on port 9): what
  // the API says when Stripe is down (tests/e2e/api-errors.test.ts). The server's tests drive
  // the real library against a stand-in (server/test/stripe-stand-in.ts).
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
} as const
