import type { Context } from 'hono'
import type { Logger } from './logger'
import type { RequestEnv } from './request-log'

/**
 * Security events (OWASP ASVS V16): who (client address, account id) did what, with which
 * outcome. Never a password, token, email address or session id: callers pass only the fields
 * below, and the logger censors those keys anyway.
 */
export type SecurityEventName =
  | 'auth.register'
  | 'auth.register.duplicate'
  | 'auth.reset'
  | 'auth.reset.failed'
  | 'auth.reset.unfinished_registration'
  | 'auth.recovery.requested'
  | 'auth.login'
  | 'auth.login.failed'
  | 'auth.logout'
  | 'email.verified'
  | 'email.verify.failed'
  | 'email.verification.requested'
  | 'session.revoked'
  | 'account.updated'
  | 'account.deleted'
  | 'account.exported'
  | 'password.changed'
  | 'password.change.failed'
  | 'password.refused'
  | 'request.invalid'
  | 'xsrf.rejected'
  | 'rate.limited'
  | 'service.busy'
  | 'service.unavailable'
  | 'contact.received'
  | 'contact.dropped'
  | 'contact.likely_spam'
  | 'contact.acknowledgement_skipped'
  | 'request.created'
  | 'request.withdrawn'
  | 'request.status_changed'
  | 'proposal.created'
  | 'proposal.edited'
  | 'proposal.revised'
  | 'proposal.sent'
  | 'proposal.withdrawn'
  | 'proposal.accepted'
  | 'proposal.declined'
  | 'payment.recorded'
  | 'payment.instalment_voided'
  | 'payment.checkout_opened'
  | 'payment.refund_requested'
  | 'payment.webhook'
  | 'payment.webhook_refused'
  | 'enquiry.handled'
  | 'admin.forbidden'
  | 'admin.mfa_required'
  | 'auth.login.second_factor'
  | 'auth.login.code.failed'
  | 'auth.login.passkey.failed'
  | 'factor.totp.enrolment_started'
  | 'factor.totp.enabled'
  | 'factor.totp.disabled'
  | 'factor.totp.failed'
  | 'factor.passkey.added'
  | 'factor.passkey.renamed'
  | 'factor.passkey.removed'
  | 'factor.passkey.rejected'
  | 'factor.recovery_codes.regenerated'
  | 'step_up.required'
  | 'step_up.proven'
  | 'step_up.failed'
  | 'thread.message'
  | 'thread.upload'
  | 'thread.upload.refused'
  | 'thread.download'
  | 'content.changed'
  | 'content.conflict'
  | 'inbound.received'
  | 'inbound.duplicate'
  | 'inbound.refused'

export type SecurityEventFields = {
  readonly accountId?: string | undefined
  /** Why it failed, as a short code (`invalid_token`, `common`, `missing` …). */
  readonly reason?: string
  /** The rate-limit rule that refused the request. */
  readonly rule?: string
  /** Fields that failed validation (names only, never values). */
  readonly fields?: readonly string[]
  /** For recovery requests: whether the address has an account (for the operator, not the client). */
  readonly known?: boolean
  /** How many rows the action touched (sessions ended). */
  readonly count?: number
  /** The stored contact enquiry (its id, never its sender's address). */
  readonly enquiryId?: string | undefined
  /** The service request acted on. */
  readonly requestId?: string | undefined
  /** A request's conversation: who wrote (`client`, `agency`) and whether it was a note. */
  readonly side?: string
  readonly internal?: boolean
  /** Files a message sent, or an upload's recognised media type and size in bytes. */
  readonly files?: number
  readonly mediaType?: string
  readonly bytes?: number
  /** The file uploaded or downloaded (its id, never its name). */
  readonly fileId?: string
  /** A request's new status, or an enquiry's handled flag, as a short code. */
  readonly to?: string
  /** How a sign-in or proof was made (`totp`, `recoveryCode`, `passkey`, `password`). */
  readonly method?: string
  /** The site content acted on: its kind (`case-studies`, …) and id. */
  readonly contentKind?: string
  readonly itemId?: string
}

const warnings = new Set<SecurityEventName>([
  'auth.reset.failed',
  'auth.login.failed',
  'email.verify.failed',
  'password.change.failed',
  'xsrf.rejected',
  'payment.webhook_refused',
  'rate.limited',
  'service.busy',
  'service.unavailable',
  'admin.forbidden',
  'admin.mfa_required',
  'auth.login.code.failed',
  'auth.login.passkey.failed',
  'factor.totp.failed',
  'factor.passkey.rejected',
  'step_up.failed',
  'inbound.refused',
])

export function securityEvent<E extends RequestEnv>(
  c: Context<E>,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  const log = c.get('log')
  const line = { event, ip: c.get('clientIp'), path: c.req.path.slice(0, 200), ...fields }
  if (warnings.has(event)) log.warn(line)
  else log.info(line)
}

/**
 * A security event outside an HTTP request (the inbound SMTP listener): `ip` is the sending
 * server's address; the same fields, the same levels.
 */
export function securityEventOf(
  logger: Logger,
  ip: string,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  const line = { event, ip, ...fields }
  if (warnings.has(event)) logger.warn(line)
  else logger.info(line)
}
