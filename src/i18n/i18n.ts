import { i18n } from '@lingui/core'
import { loadInterfaceCatalog, loadServiceCatalog } from './catalogs'
import { defaultLocale, type Locale } from './locales'

export { i18n }

const loaded = new Set<string>()
const wantServiceCatalog = new Set<Locale>()

async function ensureCatalogs(locale: Locale, withServices: boolean): Promise<void> {
  if (!loaded.has(`${locale}:ui`)) {
    i18n.load(locale, await loadInterfaceCatalog(locale))
    loaded.add(`${locale}:ui`)
  }
  if (withServices && !loaded.has(`${locale}:services`)) {
    i18n.load(locale, await loadServiceCatalog(locale))
    loaded.add(`${locale}:services`)
  }
}

/** Loads the interface catalog of `locale` (and the service copy once any page needed it) and activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await ensureCatalogs(locale, wantServiceCatalog.size > 0)
  if (i18n.locale !== locale) i18n.activate(locale)
}

/** Called by service routes: makes the service copy available in the active language. */
export async function ensureServiceCatalog(): Promise<void> {
  const locale = (i18n.locale || defaultLocale) as Locale
  wantServiceCatalog.add(locale)
  await ensureCatalogs(locale, true)
}

export function currentLocale(): Locale {
  return i18n.locale === 'es' ? 'es' : 'en'
}
