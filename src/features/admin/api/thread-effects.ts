import { type AgencyThreadMessage, endpoints } from '../../../../domain/api/api-contract'
import type { ConversationMessage } from '../../../../domain/workspace/conversation'
import { callEndpoint, fillPath } from '../../../api/call-endpoint'
import { listenToEvents } from '../../../api/event-stream'
import { apiBaseUrl } from '../../../api/http-client'
import { uploadFile } from '../../../api/upload-file'
import { seenMark } from '../../../ui/workspace/seen-mark'
import type { ConversationEffects } from '../../../ui/workspace/workspace-effects'

/** A message of a request's thread as the agency reads it (internal notes included). */
export function agencyMessage(message: AgencyThreadMessage): ConversationMessage {
  return {
    id: message.id,
    createdAt: message.createdAt,
    body: message.body,
    mine: message.side === 'agency',
    isNew: message.isNew,
    internal: message.internal,
    side: message.side,
    author: message.authorName,
    authorName: message.authorName,
    authorKey: message.authorId ?? message.side,
    files: message.files,
  }
}

/** The agency's side of one request's workspace: the admin endpoints and stream. */
export function agencyThreadEffects(requestId: string): ConversationEffects {
  const id = { id: requestId }
  const loadPage = async (before: string) => {
    const page = await callEndpoint('adminThreadMessages', id, { query: { before } })
    return {
      messages: page.messages.map(agencyMessage),
      olderCursor: page.olderCursor,
      seen: page.seen ?? undefined,
    }
  }
  return {
    loadThread: () => loadPage(''),
    loadOlder: loadPage,
    sendMessage: async ({ body, uploadIds, internal }) => {
      const answer = await callEndpoint(
        'sendAdminThreadMessage',
        { body, files: [...uploadIds], internal: internal ?? false },
        id,
      )
      return agencyMessage(answer.threadMessage)
    },
    markRead: (upTo) => {
      callEndpoint('markAdminThreadRead', { upTo }, id).catch(() => {})
    },
    uploadFile: async (file, options) => (await uploadFile(requestId, file, options)).id,
    fileHref: (file) =>
      `${apiBaseUrl}${fillPath(endpoints.adminThreadFile.path, { id: requestId, fileId: file.id })}`,
    subscribe: (listeners) =>
      listenToEvents(fillPath(endpoints.adminThreadEvents.path, id), {
        message: (data) => listeners.message(agencyMessage(data as AgencyThreadMessage)),
        read: (data) => {
          const mark = seenMark(data)
          if (mark) listeners.seen(mark)
        },
      }),
  }
}
