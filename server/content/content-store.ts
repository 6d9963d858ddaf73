import type { Pool, PoolClient } from 'pg'
import type { ContentKind, ContentState, RevisionAction } from '../../domain/content/content-kinds'
import {
  isPublishable,
  type MissingFields,
  missingForPublish,
} from '../../domain/content/content-publish'
import type { ContentData } from '../../domain/content/content-schemas'
import type { Uuid } from '../../domain/ids/uuid'
import type { Locale } from '../../domain/locales'
import { inTransaction } from '../db/transaction'
import { type ItemRow, itemColumns, itemFrom, type RevisionRow } from './content-rows'

/**
 * The one store of every kind of content: items and their revisions. A change locks its item's
 * row (`FOR UPDATE`), compares the version it was made from with the row's, and writes the new
 * state and a revision in one transaction — so of two admins (on any instances) saving the same
 * version, one saves and the other gets `conflict` with the version to reload.
 */

export type Refusal =
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'revision_not_found' }
  | { readonly outcome: 'conflict'; readonly currentVersion: number }
  | { readonly outcome: 'incomplete'; readonly missing: MissingFields }
  | { readonly outcome: 'slug_taken'; readonly locale: Locale }
  | { readonly outcome: 'no_reference'; readonly field: string }

export type Saved = { readonly outcome: 'saved'; readonly id: Uuid }

/** What a change does to an item. */
export type ContentChange =
  | { readonly action: 'edit'; readonly data: ContentData }
  | { readonly action: 'publish' | 'unpublish' }
  | { readonly action: 'restore'; readonly revisionId: Uuid }
  | { readonly action: 'delete' }

/** The change's kind, author (null: the site's seed) and time. */
export type Who = {
  readonly kind: ContentKind
  readonly byUserId: string | null
  readonly now: Date
}

/** The fields that name another item, and the kind they name. */
const references: Partial<Record<ContentKind, Readonly<Record<string, ContentKind>>>> = {
  'case-studies': { testimonialId: 'testimonials' },
  testimonials: { caseStudyId: 'case-studies' },
}

export async function listItems(pool: Pool, kind: ContentKind): Promise<ItemRow[]> {
  const { rows } = await pool.query<ItemRow>(
    `SELECT ${itemColumns} FROM ${itemFrom} WHERE i.kind = $1
     ORDER BY (i.data->>'order')::int NULLS LAST, i.created_at, i.id`,
    [kind],
  )
  return rows
}

export async function loadItem(
  db: Pool | PoolClient,
  kind: ContentKind,
  id: string,
): Promise<ItemRow | undefined> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${itemColumns} FROM ${itemFrom} WHERE i.id = $1 AND i.kind = $2`,
    [id, kind],
  )
  return rows[0]
}

/** The item's revisions, newest first; undefined when there is no such item. */
export async function listRevisions(
  pool: Pool,
  kind: ContentKind,
  id: Uuid,
): Promise<RevisionRow[] | undefined> {
  if (!(await loadItem(pool, kind, id))) return undefined
  const { rows } = await pool.query<RevisionRow>(
    `SELECT r.id, r.number, r.action, r.state, r.data, r.restored_from, r.author_id,
            r.created_at, u.email AS author_email
     FROM content_revisions r LEFT JOIN users u ON u.id = r.author_id
     WHERE r.item_id = $1 ORDER BY r.number DESC`,
    [id],
  )
  return rows
}

/** A new draft, version 1, and its first revision. */
export async function createItem(
  pool: Pool,
  who: Who,
  data: ContentData,
): Promise<Saved | Refusal> {
  return writing(pool, async (client) => {
    const missing = await missingReference(client, who.kind, data)
    if (missing) return missing
    return { outcome: 'saved', id: await insertItem(client, who, data, 'draft') }
  })
}

/**
 * Inserts an item, version 1, and its first revision (`id`: a fixed one, for the seed's items
 * that name each other). References are not checked here: `createItem` checks them.
 */
export async function insertItem(
  client: PoolClient,
  who: Who,
  data: ContentData,
  state: ContentState,
  fixedId?: Uuid,
): Promise<Uuid> {
  const { rows } = await client.query<{ id: Uuid }>(
    `INSERT INTO content_items (id, kind, state, data, created_at, updated_at, updated_by, published_at)
     VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $5, $6,
             CASE WHEN $3 = 'published' THEN $5::timestamptz END)
     RETURNING id`,
    [fixedId ?? null, who.kind, state, JSON.stringify(data), who.now, who.byUserId],
  )
  const id = rows[0]?.id
  if (!id) throw new Error('INSERT … RETURNING gave no row')
  await addRevision(client, { id, number: 1, action: 'create', state, data, who })
  return id
}

/**
 * Edits, publishes, unpublishes, restores or deletes the item, if its version is still
 * `version`. Whatever the change, a published item stays complete in both languages.
 */
export async function changeItem(
  pool: Pool,
  who: Who,
  id: Uuid,
  version: number,
  change: ContentChange,
): Promise<Saved | Refusal> {
  return writing(pool, async (client) => {
    const { rows } = await client.query<{
      version: number
      state: ContentState
      data: ContentData
    }>('SELECT version, state, data FROM content_items WHERE id = $1 AND kind = $2 FOR UPDATE', [
      id,
      who.kind,
    ])
    const row = rows[0]
    if (!row) return { outcome: 'not_found' }
    if (row.version !== version) return { outcome: 'conflict', currentVersion: row.version }
    if (change.action === 'delete') {
      await client.query('DELETE FROM content_items WHERE id = $1', [id])
      return { outcome: 'saved', id }
    }
    const next = await nextOf(client, id, row, change)
    if ('outcome' in next) return next
    if (next.state === 'published') {
      const missing = missingForPublish(who.kind, next.data)
      if (!isPublishable(missing)) return { outcome: 'incomplete', missing }
    }
    const dangling = await missingReference(client, who.kind, next.data)
    if (dangling) return dangling
    await client.query(
      `UPDATE content_items SET data = $2, state = $3, version = version + 1, updated_at = $4,
         updated_by = $5,
         published_at = CASE WHEN $6 = 'publish' THEN $4::timestamptz
                             WHEN $3 = 'draft' THEN NULL ELSE published_at END
       WHERE id = $1`,
      [id, JSON.stringify(next.data), next.state, who.now, who.byUserId, change.action],
    )
    await addRevision(client, {
      id,
      number: version + 1,
      action: change.action,
      state: next.state,
      data: next.data,
      restoredFrom: next.restoredFrom,
      who,
    })
    return { outcome: 'saved', id }
  })
}

type Next = { state: ContentState; data: ContentData; restoredFrom: number | null }

async function nextOf(
  client: PoolClient,
  id: Uuid,
  row: { readonly state: ContentState; readonly data: ContentData },
  change: Exclude<ContentChange, { action: 'delete' }>,
): Promise<Next | Refusal> {
  switch (change.action) {
    case 'edit':
      return { state: row.state, data: change.data, restoredFrom: null }
    case 'publish':
      return { state: 'published', data: row.data, restoredFrom: null }
    case 'unpublish':
      return { state: 'draft', data: row.data, restoredFrom: null }
    case 'restore': {
      const { rows } = await client.query<{ data: ContentData; number: number }>(
        'SELECT data, number FROM content_revisions WHERE id = $1 AND item_id = $2',
        [change.revisionId, id],
      )
      const revision = rows[0]
      if (!revision) return { outcome: 'revision_not_found' }
      return { state: row.state, data: revision.data, restoredFrom: revision.number }
    }
  }
}

async function addRevision(
  client: PoolClient,
  revision: {
    readonly id: Uuid
    readonly number: number
    readonly action: RevisionAction
    readonly state: ContentState
    readonly data: ContentData
    readonly restoredFrom?: number | null
    readonly who: Who
  },
): Promise<void> {
  await client.query(
    `INSERT INTO content_revisions (item_id, number, action, state, data, restored_from, author_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      revision.id,
      revision.number,
      revision.action,
      revision.state,
      JSON.stringify(revision.data),
      revision.restoredFrom ?? null,
      revision.who.byUserId,
      revision.who.now,
    ],
  )
}

/** The first reference field that names no item of its kind (null names none: fine). */
async function missingReference(
  client: PoolClient,
  kind: ContentKind,
  data: ContentData,
): Promise<Refusal | undefined> {
  for (const [field, target] of Object.entries(references[kind] ?? {})) {
    const value = (data as Readonly<Record<string, unknown>>)[field]
    if (typeof value !== 'string') continue
    const { rowCount } = await client.query(
      'SELECT 1 FROM content_items WHERE id = $1 AND kind = $2',
      [value, target],
    )
    if (!rowCount) return { outcome: 'no_reference', field }
  }
  return undefined
}

/** `work` in a transaction; a case study's address another one has becomes `slug_taken`. */
async function writing(
  pool: Pool,
  work: (client: PoolClient) => Promise<Saved | Refusal>,
): Promise<Saved | Refusal> {
  let refused: Refusal | undefined
  try {
    return await inTransaction(pool, async (client, rollback) => {
      const result = await work(client)
      if (result.outcome !== 'saved') {
        refused = result
        rollback()
      }
      return result
    })
  } catch (error) {
    const slug = slugIndexOf(error)
    if (slug) return { outcome: 'slug_taken', locale: slug }
    if (refused) return refused
    throw error
  }
}

function slugIndexOf(error: unknown): Locale | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  if (code !== '23505') return undefined
  if (constraint === 'content_items_slug_en_idx') return 'en'
  if (constraint === 'content_items_slug_es_idx') return 'es'
  return undefined
}
