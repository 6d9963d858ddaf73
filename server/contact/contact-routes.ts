import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route } from '../http/api-router'
import { contactHandler } from './contact-handler'

/**
 * `POST /api/v1/contact`, behind the same gate as registration: 413 (body over 64 KiB), 415
 * (not JSON), 403 (XSRF), then the handler.
 */
export function contactRoutes(deps: AgencyDeps): ApiRoute[] {
  return [route('contact', jsonChangeGate(deps), contactHandler(deps))]
}
