import { i18n } from '@lingui/core'
import { defaultLocale, type Locale } from '../../domain/locales'
import type { CatalogName } from '../../domain/pages/page-facts'
import { loadCatalog } from './catalogs'

export { i18n }

const loaded = new Set<string>()
/** Catalogs some page has needed: a language switch loads them too, in the new language. */
const needed = new Set<CatalogName>(['messages'])

async function ensureLoaded(locale: Locale): Promise<void> {
  await Promise.all(
    [...needed].map(async (name) => {
      const key = `${locale}:${name}`
      if (loaded.has(key)) return
      i18n.load(locale, await loadCatalog(name, locale))
      loaded.add(key)
    }),
  )
}

/** Loads the catalogs pages have needed so far in `locale`, then activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale)
  if (i18n.locale !== locale) i18n.activate(locale)
}

/** Called by a route's loader: makes the page's catalogs available in the active language. */
export async function ensureCatalogs(names: readonly CatalogName[]): Promise<void> {
  for (const name of names) needed.add(name)
  await ensureLoaded((i18n.locale || defaultLocale) as Locale)
}
