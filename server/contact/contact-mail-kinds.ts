import { type ComposeContext, mailKind } from '../mail/mail-kind'
import type { ComposedMail } from '../mail/recovery-email'
import {
  composeContactAcknowledgement,
  composeContactAgencyEmail,
  type StoredEnquiry,
} from './contact-mail'

/** The enquiry as its mails need it, read in the outbox worker's transaction. */
async function loadEnquiry(
  { client }: ComposeContext,
  enquiryId: string,
): Promise<StoredEnquiry | undefined> {
  const { rows } = await client.query<StoredEnquiry>(
    `SELECT name, email, phone, company, service_id AS "serviceId", budget, message, locale
     FROM contact_enquiries WHERE id = $1`,
    [enquiryId],
  )
  return rows[0]
}

/** A kind composed from the stored enquiry when it is sent (the row holds only its id). */
function enquiryMail(name: string, compose: (enquiry: StoredEnquiry) => ComposedMail) {
  return mailKind({
    name,
    references: 'enquiry',
    compose: async (context: ComposeContext, enquiryId: string) => {
      const enquiry = await loadEnquiry(context, enquiryId)
      return enquiry && { mail: compose(enquiry) }
    },
  })
}

/** The two mails an enquiry sends through the outbox; nothing to send once the enquiry is gone. */
export const contactMailKinds = {
  /** Everything the visitor sent, to AGENCY_EMAIL, answerable to the visitor. */
  agency: enquiryMail('contact_agency', composeContactAgencyEmail),
  /** "We received your message", to the address typed, quoting nothing but a first name. */
  acknowledgement: enquiryMail('contact_acknowledgement', composeContactAcknowledgement),
}
