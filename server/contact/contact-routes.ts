import type { Hono } from 'hono'
import { endpoints } from '../../domain/api/api-contract'
import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import type { AccountEnv } from '../http/require-session'
import { contactHandler } from './contact-handler'

/** Where the app mounts the contact route (the contract's path). */
export const contactPath = endpoints.contact.path

/**
 * `POST /api/v1/contact`, behind the same gate as registration: 413 (body over 64 KiB), 415
 * (not JSON), 403 (XSRF), then the handler.
 */
export function createContactRoutes(deps: AgencyDeps): Hono<AccountEnv> {
  return createApiRouter(contactPath, (routes, path) => {
    routes.post(path('contact'), jsonChangeGate(deps), contactHandler(deps))
  })
}
