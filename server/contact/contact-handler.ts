import type { Handler } from 'hono'
import { createContactSchema, minimumFillMs } from '../../domain/leads/contact-schema'
import { admitRequest, limitPerEmail, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { success } from '../http/answers'
import type { ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { contactAnswerMessages } from './contact-messages'
import { insertEnquiry } from './enquiry-store'

/**
 * `POST /api/v1/contact`: after the shared gate (413, 415, 403 XSRF), the per-address limit, the
 * shared schema (400 with a message per field) and the per-email limit (429 with Retry-After),
 * the enquiry and its mails (the agency's copy, the visitor's acknowledgement in the page's
 * language) are stored in one statement, so there is never an enquiry without its mails.
 *
 * The acknowledgement goes to whatever address was typed, so it quotes nothing the visitor wrote
 * but a first name (contact-mail.ts), and all acknowledgements together are capped per hour: past the cap the
 * enquiry is still stored and the agency still mailed, the acknowledgement alone is skipped
 * (logged as `contact.acknowledgement_skipped`), and the visitor's answer is the same.
 *
 * Spam: a filled honeypot or a form sent faster than a person can fill it is answered exactly
 * like a real enquiry (same status, body and limits), so a bot learns nothing from the answer.
 * A filled honeypot is dropped (nothing stored, nothing mailed, one log line without the
 * address). A form sent too fast may still be a person's (a browser that filled it in for them):
 * it is stored, flagged "Likely spam" in the inbox, and mailed to nobody, neither the agency
 * nor the address typed (`contact.likely_spam`).
 */
export function contactHandler(deps: AgencyDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createContactSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.contactPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const input = admitted.input

    const overLimit = await limitPerEmail(c, deps, [deps.rateRules.contactPerEmail], input.email)
    if (overLimit) return overLimit

    if (input.website.trim() !== '') {
      securityEvent(c, 'contact.dropped', { reason: 'honeypot' })
      return success(c, 'contact', t(contactAnswerMessages.received))
    }
    if (input.elapsedMs < minimumFillMs) {
      const { enquiryId } = await insertEnquiry(
        deps.pool,
        input,
        c.get('locale'),
        { email: deps.agencyEmail, locale: deps.agencyLocale },
        { likelySpam: true },
      )
      securityEvent(c, 'contact.likely_spam', { enquiryId, reason: 'too_fast' })
      return success(c, 'contact', t(contactAnswerMessages.received))
    }

    const ackRule = deps.rateRules.contactAcknowledgements
    const acknowledge = (await deps.rateLimiter.hit(ackRule, 'all')).allowed

    const { enquiryId, mailIds } = await insertEnquiry(
      deps.pool,
      input,
      c.get('locale'),
      { email: deps.agencyEmail, locale: deps.agencyLocale },
      { likelySpam: false, acknowledge },
    )
    for (const mailId of mailIds) deps.mail.queued(mailId)
    securityEvent(c, 'contact.received', { enquiryId })
    if (!acknowledge)
      securityEvent(c, 'contact.acknowledgement_skipped', { enquiryId, rule: ackRule.name })
    return success(c, 'contact', t(contactAnswerMessages.received))
  }
}
