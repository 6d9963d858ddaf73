import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { endpoints, type ThreadMessage } from '../../../../domain/api/api-contract'
import type { ConversationMessage } from '../../../../domain/workspace/conversation'
import { callEndpoint, fillPath } from '../../../api/call-endpoint'
import { listenToEvents } from '../../../api/event-stream'
import { apiBaseUrl } from '../../../api/http-client'
import { uploadFile } from '../../../api/upload-file'
import { seenMark } from '../../../ui/workspace/seen-mark'
import type { ConversationEffects } from '../../../ui/workspace/workspace-effects'

const you = msg`You`
const agency = msg`The Puente Digital team`
const agencyPerson = (name: string) => msg`${name} · Puente Digital`

/**
 * A message of the client's thread, as the conversation view shows it: the agency's person by
 * their first name and the agency's ("Ana · Puente Digital"), or the team when their account is
 * gone.
 */
export function clientMessage(message: ThreadMessage, i18n: I18n): ConversationMessage {
  const name = message.authorName.trim()
  const author = message.mine
    ? i18n._(you)
    : message.side === 'agency' && name !== ''
      ? i18n._(agencyPerson(name))
      : i18n._(agency)
  return {
    id: message.id,
    createdAt: message.createdAt,
    body: message.body,
    mine: message.mine,
    isNew: message.isNew,
    internal: false,
    side: message.side,
    author,
    authorName: name !== '' ? name : 'Puente Digital',
    authorKey: message.authorId ?? message.side,
    files: message.files,
  }
}

/** The client's side of one request's workspace: its endpoints and its stream. */
export function clientThreadEffects(requestId: string, i18n: I18n): ConversationEffects {
  const id = { id: requestId }
  const loadPage = async (before: string) => {
    const page = await callEndpoint('myThreadMessages', id, { query: { before } })
    return {
      messages: page.messages.map((message) => clientMessage(message, i18n)),
      olderCursor: page.olderCursor,
      seen: page.seen ?? undefined,
    }
  }
  return {
    loadThread: () => loadPage(''),
    loadOlder: loadPage,
    sendMessage: async ({ body, uploadIds }) => {
      const answer = await callEndpoint('sendMyThreadMessage', { body, files: [...uploadIds] }, id)
      return clientMessage(answer.threadMessage, i18n)
    },
    markRead: (upTo) => {
      callEndpoint('markMyThreadRead', { upTo }, id).catch(() => {})
    },
    uploadFile: async (file, options) => (await uploadFile(requestId, file, options)).id,
    fileHref: (file) =>
      `${apiBaseUrl}${fillPath(endpoints.myThreadFile.path, { id: requestId, fileId: file.id })}`,
    allFilesHref: `${apiBaseUrl}${fillPath(endpoints.myThreadFilesZip.path, id)}`,
    subscribe: (listeners) =>
      listenToEvents(fillPath(endpoints.myThreadEvents.path, id), {
        message: (data) => listeners.message(clientMessage(data as ThreadMessage, i18n)),
        read: (data) => {
          const mark = seenMark(data)
          if (mark) listeners.seen(mark)
        },
      }),
  }
}
