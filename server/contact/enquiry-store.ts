import type { Pool } from 'pg'
import type { ContactValues } from '../../domain/leads/contact-schema'
import type { Locale } from '../../domain/locales'
import { kindLiteral } from '../mail/mail-kind'
import { contactMailKinds } from './contact-mail-kinds'

/** Where the agency's copy goes, and in which language it is written (AGENCY_LANGUAGE). */
export type AgencyInbox = { readonly email: string; readonly locale: Locale }

/**
 * What an enquiry is mailed as: a likely spam to nobody; otherwise the agency's copy always and
 * the visitor's acknowledgement when `acknowledge`.
 */
export type EnquiryMails =
  | { readonly likelySpam: true }
  | { readonly likelySpam: false; readonly acknowledge: boolean }

/**
 * Stores an enquiry and its mails in one statement, so there is never an enquiry without its
 * mails: the agency's copy (in the agency's language) and the visitor's acknowledgement (in the
 * page's) as `mails` says. Resolves with the enquiry's id and the outbox rows' ids.
 */
export async function insertEnquiry(
  pool: Pool,
  input: ContactValues,
  locale: Locale,
  agency: AgencyInbox,
  mails: EnquiryMails,
): Promise<{ enquiryId: string | undefined; mailIds: number[] }> {
  const { rows } = await pool.query<{ enquiry_id: string; mail_id: string | null }>(
    `WITH enquiry AS (
       INSERT INTO contact_enquiries (name, email, phone, company, service_id, budget, message,
         locale, likely_spam)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $12)
       RETURNING id, email, locale
     ), mails AS (
       INSERT INTO mail_outbox (kind, recipient, locale, enquiry_id)
       SELECT mail.kind, coalesce(mail.agency, enquiry.email),
         coalesce(mail.agency_locale, enquiry.locale), enquiry.id
       FROM enquiry CROSS JOIN (VALUES
         (${kindLiteral(contactMailKinds.agency)}, $9::text, $11::text),
         (${kindLiteral(contactMailKinds.acknowledgement)}, NULL::text, NULL::text))
         AS mail (kind, agency, agency_locale)
       WHERE NOT $12::boolean AND (mail.agency IS NOT NULL OR $10::boolean)
       RETURNING id
     )
     SELECT enquiry.id AS enquiry_id, mails.id AS mail_id
     FROM enquiry LEFT JOIN mails ON true`,
    [
      input.name,
      input.email,
      input.phone,
      input.company,
      input.service === '' ? null : input.service,
      input.budget,
      input.message,
      locale,
      agency.email,
      !mails.likelySpam && mails.acknowledge,
      agency.locale,
      mails.likelySpam,
    ],
  )
  return {
    enquiryId: rows[0]?.enquiry_id,
    mailIds: rows.flatMap((row) => (row.mail_id === null ? [] : [Number(row.mail_id)])),
  }
}
