import { rowById, rowMailKind } from '../mail/mail-kind'
import {
  composeContactAcknowledgement,
  composeContactAgencyEmail,
  type StoredEnquiry,
} from './contact-mail'

/** The enquiry as its mails need it, read in the outbox worker's transaction. */
const loadEnquiry = rowById<StoredEnquiry>(
  `SELECT id, name, email, phone, company, service_id AS "serviceId", budget, message, locale
   FROM contact_enquiries WHERE id = $1`,
)

/** The two mails an enquiry sends through the outbox; nothing to send once the enquiry is gone. */
export const contactMailKinds = {
  /** Everything the visitor sent, to AGENCY_EMAIL, answerable to the visitor. */
  agency: rowMailKind('contact_agency', 'enquiry', loadEnquiry, composeContactAgencyEmail),
  /** "We received your message", to the address typed, quoting nothing but a first name. */
  acknowledgement: rowMailKind(
    'contact_acknowledgement',
    'enquiry',
    loadEnquiry,
    composeContactAcknowledgement,
  ),
}
