import type { MessageDescriptor } from '@lingui/core'
import type { Context, MiddlewareHandler } from 'hono'
import { isUuid, type Uuid } from '../../domain/ids/uuid'
import { failure } from './answers'
import type { AccountEnv } from './require-session'

/** The names a contract path gives its ids (`…/:id/files/:fileId`). */
export const pathIdNames = ['id', 'fileId', 'proposalId', 'revisionId', 'instalmentId'] as const
export type PathIdName = (typeof pathIdNames)[number]

/** The ids named in a contract path, in order (`[]` for a path without any). */
export function pathIdsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '')
}

/**
 * The edge of a route with ids: each id of the path must be well formed (`isUuid`), else the
 * route's own 404 — the one it gives an id that names nothing, so a malformed id and an unknown
 * one look alike. It runs after the route's gates (XSRF, session, admin, proofs), right before
 * its handler, which reads the ids typed (`pathId`).
 */
export function checkPathIds(unknownId: MessageDescriptor): MiddlewareHandler<AccountEnv> {
  return async (c, next) => {
    const ids: Partial<Record<PathIdName, Uuid>> = {}
    for (const name of pathIdNames) {
      const value = c.req.param(name)
      if (value === undefined) continue
      if (!isUuid(value)) return failure(c, 404, 'not_found', c.get('t')(unknownId))
      ids[name] = value
    }
    c.set('pathIds', ids)
    await next()
  }
}

/** A path's id, checked at the edge (`checkPathIds`); only routes with that id call it. */
export function pathId(c: Context<AccountEnv>, name: PathIdName): Uuid {
  const id = c.get('pathIds')?.[name]
  if (id === undefined) throw new Error(`A route reads :${name} without its path's ids checked`)
  return id
}
