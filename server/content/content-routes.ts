import { contentEndpointNames } from '../../domain/api/content-endpoints'
import { contentKinds } from '../../domain/content/content-kinds'
import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import {
  createHandler,
  deleteHandler,
  editHandler,
  listHandler,
  moveHandler,
  readHandler,
  revisionsHandler,
} from './content-handlers'
import { contentAnswerMessages as m } from './content-messages'

/**
 * The site content, `/api/v1/admin/content/<kind>…`: the same nine routes for each of the six
 * kinds. The admin's gate (401, 403, and 403 `mfa_required` without a proved second factor) on
 * every route; on changes the JSON gate first (413, 415, 403 XSRF). A malformed id answers the
 * 404 an unknown one does.
 */
export function contentRoutes(deps: AgencyDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const admin = requireAdmin(deps)
  return contentKinds.flatMap((kind) => {
    const name = contentEndpointNames[kind]
    return [
      route(`${name}List`, admin, listHandler(deps, kind)),
      route(`${name}Create`, gate, admin, createHandler(deps, kind)),
      routeWithIds(`${name}Read`, m.notFound, admin, readHandler(deps, kind)),
      routeWithIds(`${name}Edit`, m.notFound, gate, admin, editHandler(deps, kind)),
      routeWithIds(`${name}Delete`, m.notFound, gate, admin, deleteHandler(deps, kind)),
      routeWithIds(`${name}Publish`, m.notFound, gate, admin, moveHandler(deps, kind, 'Publish')),
      routeWithIds(
        `${name}Unpublish`,
        m.notFound,
        gate,
        admin,
        moveHandler(deps, kind, 'Unpublish'),
      ),
      routeWithIds(`${name}Revisions`, m.notFound, admin, revisionsHandler(deps, kind)),
      routeWithIds(`${name}Restore`, m.notFound, gate, admin, moveHandler(deps, kind, 'Restore')),
    ]
  })
}
