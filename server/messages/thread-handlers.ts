import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import type { ThreadSide } from '../../domain/api/api-contract'
import {
  createAgencyMessageSchema,
  createClientMessageSchema,
  createReadMarkSchema,
  createThreadPageQuerySchema,
} from '../../domain/requests/thread-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, invalidFields, tooManyRequests } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import type { MessagesDeps } from './messages-deps'
import { insertMessage, markRead } from './thread-change-store'
import { threadAnswerMessages as m } from './thread-messages'
import {
  loadThreadPage,
  openThread,
  type Thread,
  toViewerMessage,
  unansweredThreads,
  type Viewer,
} from './thread-store'

const pageQuerySchemas = schemasPerLocale(createThreadPageQuerySchema)
const clientMessageSchemas = schemasPerLocale(createClientMessageSchema)
const agencyMessageSchemas = schemasPerLocale(createAgencyMessageSchema)
const readMarkSchemas = schemasPerLocale(createReadMarkSchema)

export function viewerOf(c: Context<AccountEnv>, side: ThreadSide): Viewer {
  return { side, userId: signedInOf(c).user.id }
}

/** The same 404 for a request that does not exist and for one that is not the caller's. */
export function threadNotFound(c: Context<AccountEnv>): Response {
  return failure(c, 404, 'not_found', c.get('t')(m.notFound))
}

/** The thread of the path's request, if the caller may open it. */
export function threadOfPath(
  deps: MessagesDeps,
  c: Context<AccountEnv>,
  side: ThreadSide,
): Promise<Thread | undefined> {
  return openThread(deps.pool, pathId(c, 'id'), viewerOf(c, side))
}

/** `GET …/service-requests/:id/messages[?before=]`: a page of the thread, newest page first. */
export function threadPageHandler(deps: MessagesDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const parsed = v.safeParse(pageQuerySchemas[c.get('locale')], c.req.query())
    if (!parsed.success) return invalidFields(c, parsed.issues, c.get('t')(m.invalidQuery))
    const viewer = viewerOf(c, side)
    const thread = await threadOfPath(deps, c, side)
    if (!thread) return threadNotFound(c)
    const before = parsed.output.before === '' ? null : parsed.output.before
    const page = await loadThreadPage(deps.pool, thread, viewer, before)
    const body = {
      success: true as const,
      olderCursor: page.olderCursor,
      newCount: page.newCount,
      seen: page.seen ?? null,
    }
    return side === 'agency'
      ? answer(c, 'adminThreadMessages', {
          ...body,
          messages: page.rows.map((row) => ({
            ...toViewerMessage(row, viewer, page.upTo),
            authorName: row.author_name,
            internal: row.internal,
          })),
        })
      : answer(c, 'myThreadMessages', {
          ...body,
          messages: page.rows.map((row) => toViewerMessage(row, viewer, page.upTo)),
        })
  }
}

/**
 * `POST …/service-requests/:id/messages`: the per-address limit, the body, the per-account
 * limit (messages a minute), the thread (404); then the message, its files, its live event and
 * the other side's digest, in one transaction.
 */
export function sendMessageHandler(deps: MessagesDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const admitted =
      side === 'agency'
        ? await admitRequest(c, deps, deps.rateRules.accountPerIp, agencyMessageSchemas)
        : await admitRequest(c, deps, deps.rateRules.accountPerIp, clientMessageSchemas)
    if (!admitted.ok) return admitted.response
    const viewer = viewerOf(c, side)
    const rule = deps.rateRules.threadMessagesPerAccount
    const perAccount = await deps.rateLimiter.hit(rule, viewer.userId)
    if (!perAccount.allowed) return tooManyRequests(c, perAccount.retryAfterSeconds, rule)
    const thread = await threadOfPath(deps, c, side)
    if (!thread) return threadNotFound(c)
    const internal = 'internal' in admitted.input && admitted.input.internal === true
    const now = nowOf(deps)
    const sent = await insertMessage(deps.pool, {
      thread,
      author: viewer,
      internal,
      body: admitted.input.body,
      fileIds: admitted.input.files,
      now,
      digestDueAt: new Date(now.getTime() + deps.digestDelaySeconds * 1000),
      agencyEmail: deps.agencyEmail,
      agencyLocale: deps.agencyLocale,
    })
    if (sent.outcome === 'invalid_files')
      return failure(c, 400, 'invalid_fields', t(m.invalidFiles), { files: t(m.invalidFiles) })
    if (sent.outcome === 'quota_exceeded')
      return failure(c, 413, 'quota_exceeded', t(m.quotaExceeded))
    // Only a reply by email (which has a Message-ID) can be a duplicate.
    if (sent.outcome === 'duplicate')
      throw new Error('A message without a Message-ID was a duplicate')
    securityEvent(c, 'thread.message', {
      accountId: viewer.userId,
      requestId: thread.requestId,
      side,
      internal,
      files: admitted.input.files.length,
    })
    const upTo = Number(sent.row.id)
    if (side === 'agency')
      return answer(c, 'sendAdminThreadMessage', {
        success: true,
        message: t(internal ? m.noteSaved : m.sent),
        threadMessage: {
          ...toViewerMessage(sent.row, viewer, upTo),
          authorName: sent.row.author_name,
          internal: sent.row.internal,
        },
      })
    return answer(c, 'sendMyThreadMessage', {
      success: true,
      message: t(m.sent),
      threadMessage: toViewerMessage(sent.row, viewer, upTo),
    })
  }
}

/** `POST …/service-requests/:id/read` `{ upTo }`: the caller's read mark (204). */
export function markReadHandler(deps: MessagesDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, readMarkSchemas)
    if (!admitted.ok) return admitted.response
    const thread = await threadOfPath(deps, c, side)
    if (!thread) return threadNotFound(c)
    await markRead(deps.pool, thread, viewerOf(c, side), admitted.input.upTo)
    return c.body(null, 204)
  }
}

/** `GET /api/v1/admin/inbox-summary`: the threads awaiting the agency's reply. */
export function inboxSummaryHandler(deps: MessagesDeps): Handler<AccountEnv> {
  return async (c) =>
    answer(c, 'adminInboxSummary', {
      success: true,
      unansweredThreads: await unansweredThreads(deps.pool),
    })
}
