import type { PublishedContent } from '../content/published-content'
import { apiPrefix, endpoint } from './endpoint'

/** The published case studies and testimonials, as the public pages show them. */
export type WorkBody = { readonly success: true; readonly content: PublishedContent }

/**
 * `/api/v1/work`: the site's published content (docs/decisions/060), public, for a client-side
 * navigation to a page that shows it; revalidated by its ETag (`Cache-Control: no-cache`).
 */
export const workEndpoints = {
  work: endpoint<never, WorkBody>()({
    method: 'GET',
    path: `${apiPrefix}/work`,
    status: 200,
    failures: [],
  }),
}
