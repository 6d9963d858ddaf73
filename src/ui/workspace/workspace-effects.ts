import type {
  ConversationDraft,
  ConversationFile,
  ConversationMessage,
  ConversationReadMark,
} from '../../../domain/workspace/conversation'
import type { LoadedThread } from '../../../machines/conversation-machine'

/**
 * What a thread's page gives the shared conversation view: the calls (each side its own
 * endpoints), the live stream and the files' addresses. The view knows no endpoint.
 */
export type ConversationEffects = {
  /** The thread's newest page. */
  readonly loadThread: () => Promise<LoadedThread>
  /** The page before `cursor` (a page's `olderCursor`). */
  readonly loadOlder: (cursor: string) => Promise<LoadedThread>
  readonly sendMessage: (draft: ConversationDraft) => Promise<ConversationMessage>
  /** Fire and forget: the reader has seen the thread up to the message `upTo`. */
  readonly markRead: (upTo: string) => void
  /** Uploads one file, reporting bytes sent; resolves with the upload's id. */
  readonly uploadFile: (
    file: File,
    options: { readonly onProgress: (sent: number) => void; readonly signal: AbortSignal },
  ) => Promise<string>
  /** The file's download address. */
  readonly fileHref: (file: ConversationFile) => string
  /** Every file of the thread as one ZIP, where the reader has it (the client). */
  readonly allFilesHref?: string
  /**
   * Live messages of this thread from now on, and the other side's read marks; returns how to
   * stop listening.
   */
  readonly subscribe: (listeners: ConversationListeners) => () => void
}

export type ConversationListeners = {
  readonly message: (message: ConversationMessage) => void
  readonly seen: (mark: ConversationReadMark) => void
}

/** Who reads the thread: the agency may also write internal notes. */
export type ConversationReader = 'client' | 'agency'
