import type { Context, Handler } from 'hono'
import type * as v from 'valibot'
import { endpoints } from '../../domain/api/api-contract'
import {
  type ContentAction,
  type ContentEndpointName,
  type ContentItemBody,
  type ContentItemsBody,
  type ContentRevisionsBody,
  contentEndpointNames,
} from '../../domain/api/content-endpoints'
import type { ContentKind } from '../../domain/content/content-kinds'
import {
  createContentSchema,
  createVersionSchema,
  editContentSchema,
} from '../../domain/content/content-schemas'
import { kindsOnPages } from '../../domain/content/published-content'
import type { FieldErrors } from '../../domain/forms/field-errors'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { failure } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { describeError } from '../log/describe-error'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import { contentAnswerMessages as m } from './content-messages'
import { toContentItem, toContentRevision } from './content-rows'
import {
  type ContentChange,
  changeItem,
  createItem,
  listItems,
  listRevisions,
  loadItem,
  type Refusal,
  type Saved,
} from './content-store'

/**
 * The nine handlers of a kind, written once: `kind` says which schema checks a body and which
 * rows the store reads. Changes are admitted like every admin change (the account's rate rule,
 * a JSON object, the kind's schema in the request's language, a refused field named by its
 * path), then made by the store, which refuses a stale version.
 */

type Body =
  | ContentItemBody<ContentKind>
  | ContentItemsBody<ContentKind>
  | ContentRevisionsBody<ContentKind>
  | { readonly success: true; readonly message: string }

/** The success of one of a kind's endpoints, with its status from the contract. */
function contentAnswer(c: Context, kind: ContentKind, action: ContentAction, body: Body) {
  const name: ContentEndpointName = `${contentEndpointNames[kind]}${action}`
  return c.json(body, endpoints[name].status)
}

const who = (c: Context<AccountEnv>, deps: AgencyDeps, kind: ContentKind) => ({
  kind,
  byUserId: signedInOf(c).user.id,
  now: nowOf(deps),
})

/** 404, 409 or 400 for a change the store did not make. */
function refusal(c: Context<AccountEnv>, kind: ContentKind, refused: Refusal): Response {
  const t = c.get('t')
  switch (refused.outcome) {
    case 'not_found':
      return failure(c, 404, 'not_found', t(m.notFound))
    case 'revision_not_found':
      return failure(c, 404, 'not_found', t(m.revisionNotFound))
    case 'conflict': {
      securityEvent(c, 'content.conflict', {
        accountId: signedInOf(c).user.id,
        contentKind: kind,
        itemId: pathId(c, 'id'),
      })
      const message = t(m.conflict(refused.currentVersion))
      return c.json(
        {
          success: false,
          code: 'conflict',
          message,
          error: message,
          currentVersion: refused.currentVersion,
        },
        409,
      )
    }
    case 'incomplete': {
      const { en, es } = refused.missing
      const fields: FieldErrors = {}
      for (const field of en) fields[`data.${field}.en`] = t(m.missingEn)
      for (const field of es) fields[`data.${field}.es`] = t(m.missingEs)
      const message =
        en.length > 0 && es.length > 0
          ? m.incompleteBoth(en.join(', '), es.join(', '))
          : en.length > 0
            ? m.incompleteEn(en.join(', '))
            : m.incompleteEs(es.join(', '))
      return failure(c, 400, 'invalid_fields', t(message), fields)
    }
    case 'slug_taken':
      return failure(c, 400, 'invalid_fields', t(m.slugTaken), {
        [`data.slug.${refused.locale}`]: t(m.slugTaken),
      })
    case 'no_reference':
      return failure(c, 400, 'invalid_fields', t(m.noReference), {
        [`data.${refused.field}`]: t(m.noReference),
      })
  }
}

/** The kinds the public pages show (docs/decisions/060). */
const shownOnPages: ReadonlySet<ContentKind> = new Set(kindsOnPages)

/**
 * After a change of a kind the pages show has committed: the pages it touches rendered again
 * and stored for every instance (nothing when the published content is as it was). A failure
 * leaves the change made and the pages as they were: logged, and the next publish renders them.
 */
async function republish(c: Context<AccountEnv>, deps: AgencyDeps, kind: ContentKind) {
  if (!deps.published || !shownOnPages.has(kind)) return
  await deps.published.republish().catch((error: unknown) => {
    c.get('log').error({ event: 'site.publish_failed', error: describeError(error) })
  })
}

/** The item as it is after a change, or the refusal. */
async function afterChange(
  c: Context<AccountEnv>,
  deps: AgencyDeps,
  kind: ContentKind,
  action: 'Create' | 'Edit' | 'Publish' | 'Unpublish' | 'Restore',
  result: Saved | Refusal,
  message: string,
): Promise<Response> {
  if (result.outcome !== 'saved') return refusal(c, kind, result)
  await republish(c, deps, kind)
  securityEvent(c, 'content.changed', {
    accountId: signedInOf(c).user.id,
    contentKind: kind,
    itemId: result.id,
    to: action.toLowerCase(),
  })
  const row = await loadItem(deps.pool, kind, result.id)
  if (!row) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
  return contentAnswer(c, kind, action, { success: true, message, item: toContentItem(row) })
}

export function listHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  return async (c) =>
    contentAnswer(c, kind, 'List', {
      success: true,
      items: (await listItems(deps.pool, kind)).map(toContentItem),
    })
}

export function readHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  return async (c) => {
    const row = await loadItem(deps.pool, kind, pathId(c, 'id'))
    const t = c.get('t')
    if (!row) return failure(c, 404, 'not_found', t(m.notFound))
    return contentAnswer(c, kind, 'Read', {
      success: true,
      message: t(m.read),
      item: toContentItem(row),
    })
  }
}

export function revisionsHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  return async (c) => {
    const rows = await listRevisions(deps.pool, kind, pathId(c, 'id'))
    if (!rows) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
    return contentAnswer(c, kind, 'Revisions', {
      success: true,
      revisions: rows.map(toContentRevision),
    })
  }
}

/** Admits a body with the kind's rate rule and `schemas`, its fields named by their paths. */
function admit<TSchema extends v.GenericSchema>(
  c: Context<AccountEnv>,
  deps: AgencyDeps,
  schemas: ReturnType<typeof schemasPerLocale<TSchema>>,
) {
  return admitRequest(c, deps, deps.rateRules.accountPerIp, schemas, { fieldsByPath: true })
}

export function createHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  const schemas = schemasPerLocale((t) => createContentSchema(kind, t))
  return async (c) => {
    const admitted = await admit(c, deps, schemas)
    if (!admitted.ok) return admitted.response
    const created = await createItem(deps.pool, who(c, deps, kind), admitted.input.data)
    return afterChange(c, deps, kind, 'Create', created, c.get('t')(m.created))
  }
}

export function editHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  const schemas = schemasPerLocale((t) => editContentSchema(kind, t))
  return async (c) => {
    const admitted = await admit(c, deps, schemas)
    if (!admitted.ok) return admitted.response
    const { version, data } = admitted.input
    const change: ContentChange = { action: 'edit', data }
    const edited = await changeItem(deps.pool, who(c, deps, kind), pathId(c, 'id'), version, change)
    return afterChange(c, deps, kind, 'Edit', edited, c.get('t')(m.edited))
  }
}

const versionSchemas = schemasPerLocale(createVersionSchema)

/** Publish, unpublish and restore: a change that names only the version it was made from. */
export function moveHandler(
  deps: AgencyDeps,
  kind: ContentKind,
  action: 'Publish' | 'Unpublish' | 'Restore',
): Handler<AccountEnv> {
  const messages = { Publish: m.published, Unpublish: m.unpublished, Restore: m.restored }
  return async (c) => {
    const admitted = await admit(c, deps, versionSchemas)
    if (!admitted.ok) return admitted.response
    const change: ContentChange =
      action === 'Restore'
        ? { action: 'restore', revisionId: pathId(c, 'revisionId') }
        : { action: action === 'Publish' ? 'publish' : 'unpublish' }
    const moved = await changeItem(
      deps.pool,
      who(c, deps, kind),
      pathId(c, 'id'),
      admitted.input.version,
      change,
    )
    return afterChange(c, deps, kind, action, moved, c.get('t')(messages[action]))
  }
}

export function deleteHandler(deps: AgencyDeps, kind: ContentKind): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admit(c, deps, versionSchemas)
    if (!admitted.ok) return admitted.response
    const id = pathId(c, 'id')
    const deleted = await changeItem(deps.pool, who(c, deps, kind), id, admitted.input.version, {
      action: 'delete',
    })
    if (deleted.outcome !== 'saved') return refusal(c, kind, deleted)
    await republish(c, deps, kind)
    securityEvent(c, 'content.changed', {
      accountId: signedInOf(c).user.id,
      contentKind: kind,
      itemId: id,
      to: 'delete',
    })
    return contentAnswer(c, kind, 'Delete', { success: true, message: c.get('t')(m.deleted) })
  }
}
