import { type RepliedAs, rowById, rowMailKind } from '../mail/mail-kind'
import {
  composeProposalAnswer,
  composeProposalSent,
  type StoredProposalEvent,
} from './proposal-mail'

/** A proposal event with what its mail needs, read in the outbox worker's transaction. */
const loadEvent = rowById<StoredProposalEvent>(
  `SELECT r.id AS "requestId", u.id AS "clientId", r.service_id AS "serviceId",
     trim(u.name || ' ' || u.last_name) AS "clientName", u.email AS "clientEmail",
     p.title, p.version, p.total::text AS total,
     to_char(p.valid_until, 'YYYY-MM-DD') AS "validUntil", e.note,
     (SELECT a.full_name FROM proposal_acceptances a WHERE a.proposal_id = p.id) AS "fullName"
   FROM proposal_events e
   JOIN proposals p ON p.id = e.proposal_id
   JOIN service_requests r ON r.id = p.request_id
   JOIN users u ON u.id = r.user_id
   WHERE e.id = $1`,
)

/** A reply to a mail about a proposal lands in its request's conversation, as the reader's side. */
const repliedBy = (side: 'client' | 'agency'): RepliedAs<StoredProposalEvent> => ({
  side,
  threadOf: (event) => ({ requestId: event.requestId, clientId: event.clientId }),
})

/** The mails proposals send through the outbox; nothing to send once the proposal is gone. */
export const proposalMailKinds = {
  /** A version was sent: to the client, in their language, with the request page's link. */
  sent: rowMailKind(
    'proposal_sent',
    'proposalEvent',
    loadEvent,
    composeProposalSent,
    repliedBy('client'),
  ),
  /** The client accepted: to AGENCY_EMAIL, in AGENCY_LANGUAGE. */
  accepted: rowMailKind(
    'proposal_accepted',
    'proposalEvent',
    loadEvent,
    (event, frame) => composeProposalAnswer(event, frame, 'accepted'),
    repliedBy('agency'),
  ),
  /** The client declined (with their reason, if any): to AGENCY_EMAIL, in AGENCY_LANGUAGE. */
  declined: rowMailKind(
    'proposal_declined',
    'proposalEvent',
    loadEvent,
    (event, frame) => composeProposalAnswer(event, frame, 'declined'),
    repliedBy('agency'),
  ),
}
