import type { ThreadSide } from '../../domain/api/api-contract'

/**
 * What a conversation's transaction tells every instance (`NOTIFY thread_events`, delivered at
 * its commit): ids only, as a message may be longer than a notification's 8,000 bytes; the
 * streams read what they may show from the database.
 */
export const threadChannel = 'thread_events'

/** The topic of the agency's inbox stream: every thread's events. */
export const inboxTopic = '*'

export type ThreadEvent =
  | {
      readonly kind: 'message'
      readonly requestId: string
      readonly messageId: string
      readonly side: ThreadSide
      readonly internal: boolean
    }
  | {
      readonly kind: 'read'
      readonly requestId: string
      readonly side: ThreadSide
      readonly upTo: string
      /**
       * The newest message at or before `upTo` that is not an internal note: what the client's
       * side is told (`upTo` may be a note's id, which would tell the client a note exists).
       */
      readonly publicUpTo?: string
    }

/** The payload of `pg_notify(threadChannel, …)`: short keys, ids only. */
export function notificationPayload(event: ThreadEvent): string {
  return JSON.stringify(
    event.kind === 'message'
      ? { k: 'm', r: event.requestId, m: event.messageId, s: event.side, i: event.internal }
      : {
          k: 'r',
          r: event.requestId,
          s: event.side,
          u: event.upTo,
          ...(event.publicUpTo === undefined ? {} : { c: event.publicUpTo }),
        },
  )
}

const sides = new Set(['client', 'agency'])

export function parseNotification(payload: string | undefined): ThreadEvent | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>
    const { k, r, s } = value
    if (typeof r !== 'string' || typeof s !== 'string' || !sides.has(s)) return undefined
    const side = s as ThreadSide
    if (k === 'm' && typeof value.m === 'string')
      return { kind: 'message', requestId: r, messageId: value.m, side, internal: value.i === true }
    if (k === 'r' && typeof value.u === 'string')
      return {
        kind: 'read',
        requestId: r,
        side,
        upTo: value.u,
        ...(typeof value.c === 'string' ? { publicUpTo: value.c } : {}),
      }
  } catch {
    // not ours
  }
  return undefined
}
