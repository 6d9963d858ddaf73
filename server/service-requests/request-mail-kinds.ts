import { type RepliedAs, rowById, rowMailKind } from '../mail/mail-kind'
import {
  composeRequestAcknowledgement,
  composeRequestAgencyEmail,
  composeRequestStatusEmail,
  composeRequestWithdrawnEmail,
  type StoredRequestChange,
} from './request-mail'

/** A history row with its request and client, read in the outbox worker's transaction. */
const loadChange = rowById<StoredRequestChange>(
  `SELECT r.id AS "requestId", r.number, u.id AS "clientId", u.name AS "clientName", u.last_name AS "clientLastName", u.email AS "clientEmail",
     u.locale AS "clientLocale", r.service_id AS "serviceId", r.need,
     r.desired_start AS "desiredStart", r.budget, h.to_status AS "toStatus", h.note
   FROM service_request_history h
   JOIN service_requests r ON r.id = h.request_id
   JOIN users u ON u.id = r.user_id
   WHERE h.id = $1`,
)

/** A reply to a mail about the request lands in its conversation, as the reader's side. */
const repliedBy = (side: 'client' | 'agency'): RepliedAs<StoredRequestChange> => ({
  side,
  threadOf: (change) => ({ requestId: change.requestId, clientId: change.clientId }),
})

/** The mails a service request sends through the outbox; nothing to send once it is gone. */
export const requestMailKinds = {
  /** A new request, to AGENCY_EMAIL, in AGENCY_LANGUAGE. */
  agency: rowMailKind(
    'request_agency',
    'requestChange',
    loadChange,
    composeRequestAgencyEmail,
    repliedBy('agency'),
  ),
  /** A new request, to its client. */
  acknowledgement: rowMailKind(
    'request_acknowledgement',
    'requestChange',
    loadChange,
    composeRequestAcknowledgement,
    repliedBy('client'),
  ),
  /** The agency changed the request's status: to its client, with the note. */
  status: rowMailKind(
    'request_status',
    'requestChange',
    loadChange,
    composeRequestStatusEmail,
    repliedBy('client'),
  ),
  /** The client withdrew the request: to AGENCY_EMAIL, in AGENCY_LANGUAGE, with their reason. */
  withdrawn: rowMailKind(
    'request_withdrawn_agency',
    'requestChange',
    loadChange,
    composeRequestWithdrawnEmail,
    repliedBy('agency'),
  ),
}
