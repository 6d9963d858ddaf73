import type { Locale } from '../locales'
import { localizedPages } from './public-paths'

const byPath = new Map(localizedPages.map((page) => [page.path, page]))

/** Where a visitor on `pathname` lands after switching to `target`: the same page in that language. */
export function pathInLanguage(pathname: string, target: Locale): string {
  const page = byPath.get(pathname)
  return page && page.locale !== target ? page.twin : pathname
}
