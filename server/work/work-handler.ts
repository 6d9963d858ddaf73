import type { Handler } from 'hono'
import type { WorkBody } from '../../domain/api/work-endpoints'
import { answer } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { publishedContentIn } from '../site/published-snapshot'
import { etagOf } from '../site/rendered-pages'

/**
 * The published content as the database has it now: what a page shows after a client-side
 * navigation, the same data a publish renders the pages from. Revalidated, not stored: a
 * browser asks again each time, and an unchanged answer is a 304 without a body.
 */
export function workHandler(deps: ApiDeps): Handler<ApiEnv> {
  return async (c) => {
    const content = await publishedContentIn(deps.pool, deps.published?.facts)
    const body: WorkBody = { success: true, content }
    const etag = etagOf(JSON.stringify(body))
    c.header('Cache-Control', 'no-cache')
    c.header('ETag', etag)
    const asked = c.req.header('If-None-Match')
    if (asked?.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag))
      return c.body(null, 304)
    return answer(c, 'work', body)
  }
}
