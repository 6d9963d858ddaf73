import type { ConversationReadMark } from '../../../domain/workspace/conversation'

/**
 * The other side's mark from a thread stream's `read` event (`{ side, upTo, at }`: the server
 * sends only the other side's). Without a valid `at`, the mark counts as read from the moment
 * it arrived. Anything without a message id is not a mark.
 */
export function seenMark(data: unknown): ConversationReadMark | undefined {
  const { upTo, at } = (data ?? {}) as { readonly upTo?: unknown; readonly at?: unknown }
  if (typeof upTo !== 'string' || !/^[1-9]\d{0,17}$/.test(upTo)) return undefined
  const when = typeof at === 'string' ? new Date(at) : undefined
  return {
    upTo,
    at: when && !Number.isNaN(when.getTime()) ? when.toISOString() : new Date().toISOString(),
  }
}
