import type { Hono } from 'hono'
import { apiPrefix, endpoints } from '../../domain/api/api-contract'
import type { ApiDeps } from '../http/api-env'
import { xsrfGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { type AccountEnv, requireSession } from '../http/require-session'
import { fileDownloadHandler, filesZipHandler } from './file-download'
import { fileUploadHandler } from './file-upload'

/** Where uploads are mounted (inside `/api/v1/me`, before its router). */
export const uploadsPrefix = endpoints.uploadFile.path
/** Where the downloads are mounted: beside the conversations, before the routers they pass to. */
export const clientFilesPrefix = endpoints.myServiceRequests.path
export const agencyFilesPrefix = `${apiPrefix}/admin`

/**
 * `POST /api/v1/me/uploads`: the body is a file, not JSON, so the gate is XSRF alone (the
 * handler bounds the body itself); then a live session (401).
 */
export function createUploadRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const xsrf = xsrfGate(deps)
  const session = requireSession(deps)
  return createApiRouter(uploadsPrefix, (routes, path) => {
    routes.post(path('uploadFile'), xsrf, session, fileUploadHandler(deps))
  })
}

/** The client's downloads, beside their requests' conversation. */
export function createClientFileRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const session = requireSession(deps)
  return createApiRouter(
    clientFilesPrefix,
    (routes, path) => {
      routes.get(path('myThreadFilesZip'), session, filesZipHandler(deps))
      routes.get(path('myThreadFile'), session, fileDownloadHandler(deps, 'client'))
    },
    undefined,
    { fallThrough: true },
  )
}

/** The agency's downloads, behind the admin's gate. */
export function createAgencyFileRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const admin = requireAdmin(deps)
  return createApiRouter(
    agencyFilesPrefix,
    (routes, path) => {
      routes.get(path('adminThreadFile'), admin, fileDownloadHandler(deps, 'agency'))
    },
    undefined,
    { fallThrough: true },
  )
}
