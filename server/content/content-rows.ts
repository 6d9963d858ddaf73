import type {
  ContentAuthor,
  ContentItem,
  ContentRevision,
} from '../../domain/api/content-endpoints'
import type { ContentData } from '../../domain/content/content-schemas'
import type { contentItems, contentRevisions } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'

/**
 * An item and a revision as the store's statements select them, and as the API shows them. The
 * `data` column holds what the kind's schema accepted when it was saved.
 */

export type ItemRow = SqlColumns<
  typeof contentItems,
  'id' | 'kind' | 'state' | 'version' | 'created_at' | 'updated_at' | 'published_at' | 'updated_by'
> & { data: ContentData; updated_by_email: string | null }

export const itemColumns = `i.id, i.kind, i.state, i.version, i.data, i.created_at, i.updated_at,
  i.published_at, i.updated_by, u.email AS updated_by_email`
export const itemFrom = 'content_items i LEFT JOIN users u ON u.id = i.updated_by'

export type RevisionRow = SqlColumns<
  typeof contentRevisions,
  'id' | 'number' | 'action' | 'state' | 'restored_from' | 'author_id' | 'created_at'
> & { data: ContentData; author_email: string | null }

function author(id: string | null, email: string | null): ContentAuthor | null {
  return id && email ? { id, email } : null
}

/**
 * The item as the API shows it. Its kind, state and data are the database's (checked by its
 * constraints and, before every write, by the kind's schema), so they are read as their types.
 */
export function toContentItem(row: ItemRow): ContentItem {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    version: row.version,
    data: row.data,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: author(row.updated_by, row.updated_by_email),
    publishedAt: row.published_at?.toISOString() ?? null,
  } as ContentItem
}

export function toContentRevision(row: RevisionRow): ContentRevision {
  return {
    id: row.id,
    number: row.number,
    action: row.action,
    state: row.state,
    data: row.data,
    author: author(row.author_id, row.author_email),
    createdAt: row.created_at.toISOString(),
    restoredFrom: row.restored_from,
  } as ContentRevision
}
