import type { PoolClient } from 'pg'
import type { ThreadSide } from '../../domain/api/api-contract'
import type { Locale } from '../../domain/locales'
import type { ComposedMail, MailFrame } from './compose-mail'
import type { MintedLink } from './outbox-links'
import { type ReplyAddresses, type ReplyTarget, replyAddress } from './reply-address'

/** What a claimed outbox row turned into: its mail, and the link token minted for it, if any. */
export type PreparedMail = { readonly mail: ComposedMail; readonly link?: MintedLink }

/**
 * What composing a row may use: the row's transaction, language and the site's address; and,
 * while replies by email are received (INBOUND_SMTP_PORT), how reply addresses are made.
 */
export type ComposeContext = {
  readonly client: PoolClient
  readonly locale: Locale
  readonly publicUrl: string
  readonly replies?: ReplyAddresses | undefined
}

/** The `mail_outbox` column each kind of reference lives in. */
export const referenceColumns = {
  user: 'user_id',
  enquiry: 'enquiry_id',
  requestChange: 'request_history_id',
  threadMessage: 'thread_message_id',
  proposalEvent: 'proposal_event_id',
} as const

type Prepared = PreparedMail | undefined

/**
 * One kind of mail the outbox carries, declared once: its `mail_outbox.kind`, the row it is
 * composed from (`references`: which column names it; none for a mail that outlives its
 * account), how it is composed at sending time (undefined: nothing to send, the row is dropped),
 * and what the worker does differently for it.
 */
export type MailKind = {
  /** `mail_outbox.kind`; lower case and underscores only, so SQL may quote it as a literal. */
  readonly name: string
  /** For a link mail: how long its link lives; a row that waited longer expires unsent. */
  readonly linkLifetimeSeconds?: number
  /** The last trace of a deleted account: the row is deleted once sent or given up. */
  readonly deleteWhenDone?: boolean
} & (
  | {
      readonly references: keyof typeof referenceColumns
      compose(context: ComposeContext, reference: string): Promise<Prepared> | Prepared
    }
  | { readonly references: 'none'; compose(context: ComposeContext): Promise<Prepared> | Prepared }
)

/** Declares a kind (checking its name, which SQL statements quote). */
export function mailKind<const K extends MailKind>(kind: K): K {
  if (!/^[a-z_]+$/.test(kind.name)) throw new Error(`Mail kind name "${kind.name}" is not a-z_`)
  return kind
}

/**
 * Who reads a mail about a request (`side`) and which request it is (`threadOf` its row): a
 * reply to the mail lands in that request's conversation as that side.
 */
export type RepliedAs<Row> = {
  readonly side: ThreadSide
  readonly threadOf: (row: Row) => { readonly requestId: string; readonly clientId: string }
}

function replyTargetOf<Row>(repliedAs: RepliedAs<Row>, row: Row): ReplyTarget {
  const { requestId, clientId } = repliedAs.threadOf(row)
  return repliedAs.side === 'client'
    ? { side: 'client', requestId, accountId: clientId }
    : { side: 'agency', requestId }
}

/**
 * A kind composed, when it is sent, from the row its outbox row references (an enquiry, a
 * request's history row): read in the worker's transaction; nothing to send once it is gone.
 * It is written in the outbox row's language (the agency's for a mail to the agency) and
 * framed with the site's address. A mail about a request (`repliedAs`) carries the request's
 * reply address for its reader's side while replies by email are received.
 */
export function rowMailKind<Row>(
  name: string,
  references: keyof typeof referenceColumns,
  load: (client: PoolClient, id: string) => Promise<Row | undefined>,
  compose: (row: Row, frame: MailFrame) => ComposedMail,
  repliedAs?: RepliedAs<Row>,
): MailKind {
  return mailKind({
    name,
    references,
    compose: async ({ client, locale, publicUrl, replies }: ComposeContext, id: string) => {
      const row = await load(client, id)
      if (!row) return undefined
      const address =
        replies && repliedAs ? replyAddress(replies, replyTargetOf(repliedAs, row)) : undefined
      return { mail: compose(row, { locale, publicUrl, replyAddress: address }) }
    },
  })
}

/**
 * The loader of a `rowMailKind`: the one row `sql` selects by its `$1`, the outbox row's
 * reference (undefined once it is gone).
 */
export function rowById<Row>(sql: string) {
  return async (client: PoolClient, id: string): Promise<Row | undefined> => {
    const { rows } = await client.query<Row & Record<string, unknown>>(sql, [id])
    return rows[0]
  }
}

/** Every kind the outbox worker can send, by name. */
export type MailKindRegistry = ReadonlyMap<string, MailKind>

export function mailKindRegistry(kinds: readonly MailKind[]): MailKindRegistry {
  const registry = new Map<string, MailKind>()
  for (const kind of kinds) {
    if (registry.has(kind.name)) throw new Error(`Mail kind "${kind.name}" is declared twice`)
    registry.set(kind.name, kind)
  }
  return registry
}

/** A kind's name as a SQL string literal (names are checked to be a-z_ by `mailKind`). */
export function kindLiteral(kind: MailKind): string {
  return `'${kind.name}'`
}
