import { threadLimits } from '../requests/thread-limits'

/**
 * A service request's thread as the pages show it, whichever side reads it: each page maps
 * the API's messages (`ThreadMessage`, `AgencyThreadMessage`) to this, naming the author in
 * the reader's language.
 */

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
  /** Written by the other side after the reader's last read mark. */
  readonly isNew: boolean
  /** The agency's internal note: only the agency ever sees it. */
  readonly internal: boolean
  /** Who wrote it, as the reader should see it. */
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

/** What the server would accept (the same bounds as its schema), so nothing else is sent. */
export function isValidDraft(draft: ConversationDraft): boolean {
  return (
    draft.body.trim() !== '' &&
    [...draft.body].length <= threadLimits.bodyMax &&
    draft.uploadIds.length <= threadLimits.filesPerMessage
  )
}
