import type { RateRule } from '../security/rate-limit'

/** Every rate rule of the API, in one place, so the limits can be read and tuned together. */
export const defaultRateRules = {
  registerPerIp: { name: 'register:ip', limit: 30, windowSeconds: 15 * 60 },
  registerPerEmail: { name: 'register:email', limit: 5, windowSeconds: 15 * 60 },
  resendPerIp: { name: 'resend:ip', limit: 10, windowSeconds: 15 * 60 },
  // One recovery mail per address per minute and five a day, whether or not the address has an
  // account: a mailbox cannot be flooded, and the answer reveals nothing.
  resendPerEmail: { name: 'resend:email', limit: 1, windowSeconds: 60 },
  resendPerEmailDaily: { name: 'resend:email:day', limit: 5, windowSeconds: 24 * 60 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 15 * 60 },
  verifyEmailPerIp: { name: 'verify:ip', limit: 30, windowSeconds: 15 * 60 },
  // The verification mail follows the recovery mail's rules: once a minute, five a day.
  resendVerificationPerIp: { name: 'verify-resend:ip', limit: 10, windowSeconds: 15 * 60 },
  resendVerificationPerEmail: { name: 'verify-resend:email', limit: 1, windowSeconds: 60 },
  resendVerificationPerEmailDaily: {
    name: 'verify-resend:email:day',
    limit: 5,
    windowSeconds: 24 * 60 * 60,
  },
  // Sign-in limits count failed attempts only (a password guess), per address and per account,
  // reserved before the check (server/security/limited-check.ts); a successful sign-in clears the
  // account's count. Wrong current passwords on the password change and the deletion count
  // against the account too.
  loginFailuresPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60 },
  // Second-factor codes (authenticator or recovery), failures only, reserved before the check
  // like the passwords: per half-way sign-in (a stolen password gets a handful of guesses at
  // a million codes), and per account across sign-ins, step-ups and enrolments.
  codeFailuresPerSignIn: { name: 'code:sign-in', limit: 5, windowSeconds: 5 * 60 },
  codeFailuresPerAccount: { name: 'code:account', limit: 10, windowSeconds: 15 * 60 },
  /** Every signed-in change (profile, sessions, sign-out): generous, it only caps floods. */
  accountPerIp: { name: 'account:ip', limit: 300, windowSeconds: 15 * 60 },
  // Contact enquiries: a person sends one, perhaps a correction; more is a flood of the agency's
  // inbox and of the visitor's (every enquiry mails an acknowledgement to the address given).
  contactPerIp: { name: 'contact:ip', limit: 10, windowSeconds: 60 * 60 },
  contactPerEmail: { name: 'contact:email', limit: 3, windowSeconds: 60 * 60 },
  // The acknowledgements all visitors' enquiries send, together: whoever rotates addresses and
  // recipients still cannot make the agency mail strangers more than this. Past it an enquiry is
  // stored and the agency mailed as always; only the acknowledgement is skipped.
  contactAcknowledgements: { name: 'contact:acknowledgements', limit: 60, windowSeconds: 60 * 60 },
  // Service requests: each one mails the agency; ten an hour is more than a client ever needs.
  serviceRequestsPerAccount: { name: 'requests:account', limit: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>

export type RateRules = { readonly [K in keyof typeof defaultRateRules]: RateRule }
