import type { Messages } from '@lingui/core'
import type { Locale } from '../../domain/locales'
import type { CatalogName } from '../../domain/pages/page-facts'

type CatalogModule = { messages: Messages }

// Each import is its own chunk: a visitor downloads only their language, and only the
// catalogs the pages they open need.
const catalogLoaders: Record<CatalogName, Record<Locale, () => Promise<CatalogModule>>> = {
  messages: {
    en: () => import('../../locales/en/messages.po'),
    es: () => import('../../locales/es/messages.po'),
  },
  services: {
    en: () => import('../../locales/en/services.po'),
    es: () => import('../../locales/es/services.po'),
  },
  registration: {
    en: () => import('../../locales/en/registration.po'),
    es: () => import('../../locales/es/registration.po'),
  },
  account: {
    en: () => import('../../locales/en/account.po'),
    es: () => import('../../locales/es/account.po'),
  },
  contact: {
    en: () => import('../../locales/en/contact.po'),
    es: () => import('../../locales/es/contact.po'),
  },
  requests: {
    en: () => import('../../locales/en/requests.po'),
    es: () => import('../../locales/es/requests.po'),
  },
  admin: {
    en: () => import('../../locales/en/admin.po'),
    es: () => import('../../locales/es/admin.po'),
  },
  workspace: {
    en: () => import('../../locales/en/workspace.po'),
    es: () => import('../../locales/es/workspace.po'),
  },
  about: {
    en: () => import('../../locales/en/about.po'),
    es: () => import('../../locales/es/about.po'),
  },
  work: {
    en: () => import('../../locales/en/work.po'),
    es: () => import('../../locales/es/work.po'),
  },
  // The home page's slideshow: its island (src/hydration/slideshow-island.tsx) has both
  // languages' in its own file, so these load with it.
  slideshow: {
    en: () => import('../../locales/en/slideshow.po'),
    es: () => import('../../locales/es/slideshow.po'),
  },
}

export async function loadCatalog(name: CatalogName, locale: Locale): Promise<Messages> {
  return (await catalogLoaders[name][locale]()).messages
}
