import type {
  AgencyMessageInput,
  ClientMessageInput,
  ReadMarkInput,
} from '../requests/thread-schemas'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint, type NoContent } from './endpoint'
import type { ThreadFile } from './files-endpoints'

/**
 * A request's messages (`server/messages/`): one conversation between its client and the
 * agency, its read marks and live streams, and the inbox's badge. The client reaches it under
 * `/api/v1/me/service-requests/:id/…`, the agency under `/api/v1/admin/service-requests/:id/…`.
 * The files the messages carry are `files-endpoints.ts`. Any id that is not the caller's
 * answers the same 404 as an id that does not exist.
 */

/** Who wrote a message: the request's client or the agency (any admin). */
export type ThreadSide = 'client' | 'agency'

/** One message as its client sees it. */
export type ThreadMessage = {
  /** A positive integer as a string; later messages have larger ids. */
  readonly id: string
  readonly side: ThreadSide
  /** The caller wrote it. */
  readonly mine: boolean
  /** Plain text with `\n` line breaks (links are made clickable by the page, not stored). */
  readonly body: string
  /** In the order attached. */
  readonly files: readonly ThreadFile[]
  readonly createdAt: string
  /** Written by someone else after the caller's read mark on this thread. */
  readonly isNew: boolean
  /**
   * Who wrote it, as the caller may know them: the client reads the first name of the agency's
   * person (and their own), never an email address or a last name of the agency's; the agency
   * reads the full name. Empty when the author's account is gone.
   */
  readonly authorName: string
  /** The author's account (null when it is gone): the same person has the same avatar. */
  readonly authorId: string | null
}

/** One message as the agency sees it: the author's full name, and whether it is an internal note. */
export type AgencyThreadMessage = ThreadMessage & {
  /** Seen by the agency only. */
  readonly internal: boolean
}

/**
 * A page of a thread. The first call (no `before`) answers the newest page; `olderCursor` (when
 * not null) is the `before` of the page before it. Within a page, messages are oldest first.
 */
export type ThreadPage<Message> = {
  readonly success: true
  readonly messages: readonly Message[]
  readonly olderCursor: string | null
  /** Messages new to the caller in the whole thread (not only this page). */
  readonly newCount: number
  /** How far the other side has read the thread (null: not at all yet). */
  readonly seen: ThreadReadMark | null
}

/**
 * The other side's read mark: the newest message it has seen (for the client, the agency's
 * newest reader, counting only messages the client may see) and when it last read the thread.
 */
export type ThreadReadMark = { readonly upTo: string; readonly at: string }

export type ThreadMessageBody<Message> = SuccessBody & { readonly threadMessage: Message }

/** The agency's inbox badge: threads whose last public message is the client's. */
export type InboxSummaryBody = { readonly success: true; readonly unansweredThreads: number }

/**
 * What the event streams send (`text/event-stream`): `event: message` with `id:` the message id
 * and `data:` the message as JSON (`ThreadMessage` on the client's stream, `AgencyThreadMessage`
 * on the agency's); `event: read` when the other side marks the thread read (`data:` `{ "side",
 * "upTo", "at" }`, `at` when the stream heard of it); a `: heartbeat` comment every 15 s; `retry: 2000` first. A reconnect that sends
 * `Last-Event-ID` first receives the messages it missed. The client's stream never carries an
 * internal note. An open stream also tells the server the reader is on the page: no mail is sent
 * about a message it delivered.
 */
export type ThreadStreamEvent<Message> =
  | { readonly event: 'message'; readonly id: string; readonly data: Message }
  | {
      readonly event: 'read'
      readonly data: { readonly side: ThreadSide; readonly upTo: string; readonly at: string }
    }

/**
 * The agency's inbox stream (`GET /api/v1/admin/events`): `event: thread` whenever any thread
 * gets a message, `data:` this (so the list's counts and the menu's badge follow live).
 */
export type InboxStreamEvent = {
  readonly requestId: string
  readonly side: ThreadSide
  readonly internal: boolean
  readonly unansweredThreads: number
}

export const messagesEndpoints = {
  /** A page of the thread (`?before=<olderCursor>` for older ones). */
  myThreadMessages: endpoint<never, ThreadPage<ThreadMessage>>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/messages`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'not_found'],
  }),
  /**
   * The client writes (`files`: their uploads for this request). 400 names the field (`body`,
   * `files`: too many, or an id that is not an unsent upload of theirs for this request); 413
   * `quota_exceeded` when the request's files would pass 100 MB; 429 past the messages a minute.
   */
  sendMyThreadMessage: endpoint<ClientMessageInput, ThreadMessageBody<ThreadMessage>>()({
    method: 'POST',
    path: `${apiPrefix}/me/service-requests/:id/messages`,
    status: 201,
    failures: ['unauthenticated', 'invalid_fields', 'not_found', 'quota_exceeded'],
  }),
  /** Everything up to `upTo` is read (a mark never moves back). */
  markMyThreadRead: endpoint<ReadMarkInput, NoContent>()({
    method: 'POST',
    path: `${apiPrefix}/me/service-requests/:id/read`,
    status: 204,
    failures: ['unauthenticated', 'invalid_fields', 'not_found'],
  }),
  /** The client's live stream of this thread (`ThreadStreamEvent<ThreadMessage>`). */
  myThreadEvents: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/events`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  adminThreadMessages: endpoint<never, ThreadPage<AgencyThreadMessage>>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id/messages`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields', 'not_found'],
  }),
  /** A reply to the client, or (`internal: true`) a note only the agency sees. */
  sendAdminThreadMessage: endpoint<AgencyMessageInput, ThreadMessageBody<AgencyThreadMessage>>()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/messages`,
    status: 201,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields', 'not_found', 'quota_exceeded'],
  }),
  /** The calling admin's read mark (each admin has their own). */
  markAdminThreadRead: endpoint<ReadMarkInput, NoContent>()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/read`,
    status: 204,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields', 'not_found'],
  }),
  /** The agency's live stream of this thread (`ThreadStreamEvent<AgencyThreadMessage>`). */
  adminThreadEvents: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id/events`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'not_found'],
  }),
  /** The account menu's Inbox badge. */
  adminInboxSummary: endpoint<never, InboxSummaryBody>()({
    method: 'GET',
    path: `${apiPrefix}/admin/inbox-summary`,
    status: 200,
    failures: ['unauthenticated', 'forbidden'],
  }),
  /** Every thread's activity, live (`event: thread`, `InboxStreamEvent`). */
  adminInboxEvents: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/admin/events`,
    status: 200,
    failures: ['unauthenticated', 'forbidden'],
  }),
}
