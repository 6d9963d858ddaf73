import type { Locale } from '../locales'
import { caseStudyPages, localizedPages } from './public-paths'

const byPath = new Map(localizedPages.map((page) => [page.path, page]))

/**
 * Where a visitor on `pathname` lands after switching to `target`: the same page in that
 * language. A case study's twin comes from the site's content (`caseStudies`, when the page
 * has it).
 */
export function pathInLanguage(
  pathname: string,
  target: Locale,
  caseStudies: Parameters<typeof caseStudyPages>[0] = [],
): string {
  const page = byPath.get(pathname) ?? caseStudyPages(caseStudies).find((p) => p.path === pathname)
  return page && page.locale !== target ? page.twin : pathname
}
