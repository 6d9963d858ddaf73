import type { PoolClient } from 'pg'
import type { ThreadSide } from '../../domain/api/api-contract'
import { type RepliedAs, rowMailKind } from '../mail/mail-kind'
import { composeAgencyDigest, composeClientDigest, type StoredDigest } from './digest-mail'

/**
 * A digest, read when it is sent: from its first message up to the next digest of the same
 * kind, the other side's public messages the recipient has not read meanwhile (the client's
 * read mark; for the agency, the furthest any admin has read). None left: nothing is sent.
 */
async function loadDigest(
  client: PoolClient,
  firstId: string,
  kind: string,
  author: ThreadSide,
): Promise<StoredDigest | undefined> {
  const { rows } = await client.query<{
    request_id: string
    client_id: string
    service_id: string
    client_name: string
    messages: { body: string; files: string[] }[] | null
  }>(
    `WITH first AS (
       SELECT m.request_id, m.id FROM thread_messages m WHERE m.id = $1
     ), bounds AS (
       SELECT first.request_id, first.id AS from_id,
         (SELECT min(o.thread_message_id) FROM mail_outbox o
          JOIN thread_messages n ON n.id = o.thread_message_id
          WHERE o.kind = $2 AND n.request_id = first.request_id AND o.thread_message_id > first.id)
           AS next_id,
         CASE WHEN $3 = 'agency'
           THEN (SELECT coalesce(max(t.up_to), 0) FROM thread_reads t
                 JOIN service_requests r ON r.id = t.request_id
                 WHERE t.request_id = first.request_id AND t.user_id = r.user_id)
           ELSE (SELECT coalesce(max(t.up_to), 0) FROM thread_reads t
                 JOIN users a ON a.id = t.user_id
                 WHERE t.request_id = first.request_id AND a.role = 'admin')
         END AS read_up_to
       FROM first
     )
     SELECT r.id AS request_id, r.user_id AS client_id, r.service_id,
       trim(u.name || ' ' || u.last_name) AS client_name,
       (SELECT json_agg(json_build_object('body', m.body, 'files',
            coalesce((SELECT json_agg(f.name ORDER BY f.position) FROM thread_files f
                      WHERE f.message_id = m.id), '[]'::json)) ORDER BY m.id)
        FROM thread_messages m
        WHERE m.request_id = b.request_id AND m.side = $3 AND NOT m.internal
          AND m.id >= b.from_id AND (b.next_id IS NULL OR m.id < b.next_id)
          AND m.id > b.read_up_to) AS messages
     FROM bounds b JOIN service_requests r ON r.id = b.request_id JOIN users u ON u.id = r.user_id`,
    [firstId, kind, author],
  )
  const row = rows[0]
  if (!row?.messages || row.messages.length === 0) return undefined
  return {
    requestId: row.request_id,
    clientId: row.client_id,
    serviceId: row.service_id,
    clientName: row.client_name,
    messages: row.messages,
  }
}

const clientDigestName = 'thread_digest_client'
const agencyDigestName = 'thread_digest_agency'

/** A reply to a digest lands in the conversation, as the reader's side. */
const repliedBy = (side: 'client' | 'agency'): RepliedAs<StoredDigest> => ({
  side,
  threadOf: (digest) => ({ requestId: digest.requestId, clientId: digest.clientId }),
})

/** The conversation's mails: each side's digest of the other side's messages. */
export const digestMailKinds = {
  /** The agency wrote while the client was away: to the client. */
  client: rowMailKind(
    clientDigestName,
    'threadMessage',
    (client, firstId) => loadDigest(client, firstId, clientDigestName, 'agency'),
    composeClientDigest,
    repliedBy('client'),
  ),
  /** The client wrote while no admin had the thread open: to AGENCY_EMAIL. */
  agency: rowMailKind(
    agencyDigestName,
    'threadMessage',
    (client, firstId) => loadDigest(client, firstId, agencyDigestName, 'client'),
    composeAgencyDigest,
    repliedBy('agency'),
  ),
}
