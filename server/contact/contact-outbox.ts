import type { PoolClient } from 'pg'
import type { ComposedMail } from '../mail/recovery-email'
import {
  composeContactAcknowledgement,
  composeContactAgencyEmail,
  contactMailKinds,
  type StoredEnquiry,
} from './contact-mail'

/**
 * The mail an enquiry's outbox row stands for, composed from the stored enquiry when it is
 * sent (the row holds only the recipient and the enquiry's id); undefined when the row is not a
 * contact mail or the enquiry is gone.
 */
export async function composeEnquiryMail(
  client: PoolClient,
  kind: string,
  enquiryId: string,
): Promise<ComposedMail | undefined> {
  const compose =
    kind === contactMailKinds.agency
      ? composeContactAgencyEmail
      : kind === contactMailKinds.acknowledgement
        ? composeContactAcknowledgement
        : undefined
  if (!compose) return undefined
  const { rows } = await client.query<StoredEnquiry>(
    `SELECT name, email, phone, company, service_id AS "serviceId", budget, message, locale
     FROM contact_enquiries WHERE id = $1`,
    [enquiryId],
  )
  const enquiry = rows[0]
  return enquiry ? compose(enquiry) : undefined
}
