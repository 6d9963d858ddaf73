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
  /** Which side wrote it: the two are told apart at a glance. */
  readonly side: 'client' | 'agency'
  /** Who wrote it, as the reader should see it (the label: "You", "Ana · Puente Digital"). */
  readonly author: string
  /** The person's name the avatar's initials are made of. */
  readonly authorName: string
  /** Keeps one person's avatar the same colour everywhere: their account id (or their side). */
  readonly authorKey: string
  readonly files: readonly ConversationFile[]
}

/** The other side's read mark: the newest message it has seen, and when it last read. */
export type ConversationReadMark = { readonly upTo: string; readonly at: string }

/** Whether `mark` reaches the message `id` (ids are positive integers, as strings). */
export function reaches(mark: ConversationReadMark | undefined, id: string): boolean {
  return mark !== undefined && BigInt(mark.upTo) >= BigInt(id)
}

/** The further of two marks (the first when they reach the same message). */
export function furtherMark(
  known: ConversationReadMark | undefined,
  next: ConversationReadMark | undefined,
): ConversationReadMark | undefined {
  if (!next) return known
  return known && reaches(known, next.upTo) ? known : next
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
