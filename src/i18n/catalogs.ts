import type { Messages } from '@lingui/core'
import type { Locale } from './locales'

type CatalogModule = { messages: Messages }

// Each import is its own chunk: a visitor downloads only their language, and the long
// service copy only on service pages.
const interfaceCatalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('../../locales/en/messages.po'),
  es: () => import('../../locales/es/messages.po'),
}

const serviceCatalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('../../locales/en/services.po'),
  es: () => import('../../locales/es/services.po'),
}

export async function loadInterfaceCatalog(locale: Locale): Promise<Messages> {
  return (await interfaceCatalogs[locale]()).messages
}

export async function loadServiceCatalog(locale: Locale): Promise<Messages> {
  return (await serviceCatalogs[locale]()).messages
}
