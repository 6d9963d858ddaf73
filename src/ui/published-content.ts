import { type WorkBody, workEndpoints } from '../../domain/api/work-endpoints'
import type { PublishedContent } from '../../domain/content/published-content'

/**
 * The site's published content as this page knows it (docs/decisions/060): set by the server's
 * renderer before it renders, and in the browser by the first route that needs it
 * (`loadPublishedContent`). The
 * language switch and the document's head read it to find a case study's twin and copy.
 */
let known: PublishedContent | undefined

/** The `<script type="application/json">` a page showing content carries it in. */
export const publishedContentElementId = 'published-content'

export function providePublishedContent(content: PublishedContent): void {
  known = content
}

export function knownPublishedContent(): PublishedContent | undefined {
  return known
}

/**
 * A content page's loader: the content known already (the renderer's input on the server),
 * else the copy the prerendered page carries (what its markup was rendered from, so hydration
 * matches), else — on client navigation from a page without it — the published content as the
 * server has it now (`GET /api/v1/work`), so a case study published since the build is there.
 */
export async function loadPublishedContent(): Promise<PublishedContent> {
  if (known) return known
  const carried =
    typeof document === 'undefined'
      ? null
      : document.getElementById(publishedContentElementId)?.textContent
  // The page's own data block, written from the same snapshot type.
  const content: PublishedContent = carried
    ? (JSON.parse(carried) as PublishedContent)
    : await fetchPublishedContent().catch(async (error: unknown) => {
        // `npm run dev` serves the client alone, no API: the content the build's pages are
        // made from (the seed's). A built site never takes this branch (it is not even in it).
        if (!import.meta.env.DEV) throw error
        const { seedPublishedContent } = await import(
          '../../domain/content/seed/seed-published-content'
        )
        return seedPublishedContent()
      })
  known = content
  return content
}

async function fetchPublishedContent(): Promise<PublishedContent> {
  const answer = await fetch(
    `${import.meta.env.VITE_API_BASE_URL ?? ''}${workEndpoints.work.path}`,
    {
      headers: { accept: 'application/json' },
    },
  )
  if (!answer.ok) throw new Error(`The site's content was not read (${answer.status})`)
  return ((await answer.json()) as WorkBody).content
}
