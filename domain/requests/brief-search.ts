/**
 * A service page's search parameters: `?brief=open` opens "Request this service" (the link
 * on the page, and the way back from signing in or registering).
 */
export type BriefSearch = { readonly brief?: 'open' }

export function parseBriefSearch(search: Record<string, unknown>): BriefSearch {
  return search.brief === 'open' ? { brief: 'open' } : {}
}
