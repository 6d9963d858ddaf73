import type { ApiDeps } from '../http/api-env'
import { type ApiRoute, route } from '../http/api-router'
import { workHandler } from './work-handler'

/** `GET /api/v1/work`: public, no gate (it changes nothing and shows only what is published). */
export function workRoutes(deps: ApiDeps): ApiRoute[] {
  return [route('work', workHandler(deps))]
}
