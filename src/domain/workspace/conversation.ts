/**
 * A service request's thread as the pages show it, whichever side reads it: the API's messages
 * are mapped to this by the page (who wrote it is `mine` or not, from the reader's side).
 */

/** A message's bounds: at least one character that is not a space, at most 10,000. */
export const messageMaxLength = 10_000

/** At most this many files a message. */
export const maxFilesPerMessage = 5

/** At most this many bytes a file (10 MB). */
export const maxFileBytes = 10 * 1024 * 1024

/** A file of the thread, as listed under its message. */
export type ConversationFile = {
  readonly id: string
  readonly name: string
  readonly size: number
}

export type ConversationMessage = {
  readonly id: string
  readonly createdAt: string
  readonly body: string
  /** Written by the reader's side (the client's own, or the agency's when the agency reads). */
  readonly mine: boolean
  /** The agency's internal note: only the agency ever sees it. */
  readonly internal: boolean
  /** Who wrote it, as the reader should see it (a name, or the agency's). */
  readonly author: string
  readonly files: readonly ConversationFile[]
}

/** What the composer sends: the text and the uploads it references. */
export type ConversationDraft = {
  readonly body: string
  readonly uploadIds: readonly string[]
  /** Only the agency may write an internal note. */
  readonly internal?: boolean
}

export function isValidDraft(draft: ConversationDraft): boolean {
  return (
    draft.body.trim() !== '' &&
    draft.body.length <= messageMaxLength &&
    draft.uploadIds.length <= maxFilesPerMessage
  )
}
