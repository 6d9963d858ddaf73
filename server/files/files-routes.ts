import type { ApiDeps } from '../http/api-env'
import { xsrfGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireSession } from '../http/require-session'
import { threadAnswerMessages as m } from '../messages/thread-messages'
import { fileDownloadHandler, filesZipHandler } from './file-download'
import { fileUploadHandler } from './file-upload'

/**
 * A request's files. `POST /api/v1/me/uploads`: the body is a file, not JSON, so the gate is
 * XSRF alone (the handler bounds the body itself; `server/http-server.ts` gives it its time
 * limits); then a live session (401). The client's downloads need their session, the agency's
 * the admin's gate.
 */
export function filesRoutes(deps: ApiDeps): ApiRoute[] {
  const session = requireSession(deps)
  const admin = requireAdmin(deps)
  return [
    route('uploadFile', xsrfGate(deps), session, fileUploadHandler(deps)),
    routeWithIds('myThreadFilesZip', m.notFound, session, filesZipHandler(deps)),
    routeWithIds('myThreadFile', m.fileNotFound, session, fileDownloadHandler(deps, 'client')),
    routeWithIds('adminThreadFile', m.fileNotFound, admin, fileDownloadHandler(deps, 'agency')),
  ]
}
