import { Hono } from 'hono'
import { endpoints } from '../../src/domain/api/api-contract'
import { answerError, apiContext, jsonChangeGate } from '../auth/api-gate'
import type { AuthEnv } from '../auth/auth-env'
import type { ContactDeps } from './contact-deps'
import { contactHandler } from './contact-handler'

/** Where the app mounts the contact route (the contract's path). */
export const contactPath = endpoints.contact.path

/**
 * `POST /api/v1/contact`, behind the same gate as registration: 413 (body over 64 KiB), 415
 * (not JSON), 403 (XSRF), then the handler.
 */
export function createContactRoutes(deps: ContactDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>()
  routes.use('*', apiContext)
  routes.post('/', jsonChangeGate(deps), contactHandler(deps))
  routes.onError(answerError)
  return routes
}
