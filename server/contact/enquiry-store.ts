import type { Pool } from 'pg'
import type { ContactValues } from '../../domain/leads/contact-schema'
import type { Locale } from '../../domain/locales'
import { kindLiteral } from '../mail/mail-kind'
import { contactMailKinds } from './contact-mail-kinds'

/** Where the agency's copy goes, and in which language it is written (AGENCY_LANGUAGE). */
export type AgencyInbox = { readonly email: string; readonly locale: Locale }

/**
 * Stores an enquiry and its mails in one statement, so there is never an enquiry without its
 * mails: the agency's copy always (in the agency's language), the visitor's acknowledgement
 * (in the page's) when `acknowledge`. Resolves with the enquiry's id and the outbox rows' ids.
 */
export async function insertEnquiry(
  pool: Pool,
  input: ContactValues,
  locale: Locale,
  agency: AgencyInbox,
  acknowledge: boolean,
): Promise<{ enquiryId: string | undefined; mailIds: number[] }> {
  const { rows } = await pool.query<{ enquiry_id: string; mail_id: string }>(
    `WITH enquiry AS (
       INSERT INTO contact_enquiries (name, email, phone, company, service_id, budget, message, locale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, email, locale
     )
     INSERT INTO mail_outbox (kind, recipient, locale, enquiry_id)
     SELECT mail.kind, coalesce(mail.agency, enquiry.email),
       coalesce(mail.agency_locale, enquiry.locale), enquiry.id
     FROM enquiry CROSS JOIN (VALUES
       (${kindLiteral(contactMailKinds.agency)}, $9::text, $11::text),
       (${kindLiteral(contactMailKinds.acknowledgement)}, NULL::text, NULL::text))
       AS mail (kind, agency, agency_locale)
     WHERE mail.agency IS NOT NULL OR $10::boolean
     RETURNING enquiry_id, id AS mail_id`,
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
      acknowledge,
      agency.locale,
    ],
  )
  return { enquiryId: rows[0]?.enquiry_id, mailIds: rows.map((row) => Number(row.mail_id)) }
}
