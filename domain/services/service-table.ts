import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../locales'

/**
 * The one source of truth for the agency's services: area, both slugs, the catalog ids of
 * the service's name, and whether it appears in the desktop mega-menu. Routes, menus, the
 * sitemap, the server's list of known paths and the typed links are all derived from it.
 */

export const areaIds = [
  'web-development',
  'ux-ui-design',
  'seo-marketing',
  'maintenance-support',
  'advanced-solutions',
] as const
export type AreaId = (typeof areaIds)[number]

export const areaNames: Record<AreaId, MessageDescriptor> = {
  'web-development': msg({ id: 'area.web-development', message: 'Web development' }),
  'ux-ui-design': msg({ id: 'area.ux-ui-design', message: 'UX/UI design' }),
  'seo-marketing': msg({ id: 'area.seo-marketing', message: 'SEO and marketing' }),
  'maintenance-support': msg({
    id: 'area.maintenance-support',
    message: 'Maintenance and support',
  }),
  'advanced-solutions': msg({ id: 'area.advanced-solutions', message: 'Advanced solutions' }),
}

type ServiceRow = {
  readonly area: AreaId
  readonly en: string
  readonly es: string
  readonly inMenu: boolean
}

// `as const satisfies` keeps every slug as a literal type, so route params and links are
// checked against the real list by the compiler.
export const serviceTable = [
  { area: 'web-development', en: 'web-development', es: 'desarrollo-web', inMenu: true },
  { area: 'web-development', en: 'web-design', es: 'diseno-web', inMenu: true },
  { area: 'web-development', en: 'web-applications', es: 'aplicaciones-web', inMenu: true },
  { area: 'web-development', en: 'pwa-development', es: 'desarrollo-pwa', inMenu: true },
  { area: 'web-development', en: 'e-commerce', es: 'comercio-electronico', inMenu: true },
  { area: 'web-development', en: 'landing-pages', es: 'paginas-de-aterrizaje', inMenu: false },
  { area: 'web-development', en: 'responsive-design', es: 'diseno-responsivo', inMenu: false },
  { area: 'ux-ui-design', en: 'ux-design', es: 'diseno-ux', inMenu: true },
  { area: 'ux-ui-design', en: 'ui-design', es: 'diseno-ui', inMenu: true },
  { area: 'ux-ui-design', en: 'copywriting', es: 'redaccion-publicitaria', inMenu: true },
  { area: 'ux-ui-design', en: 'user-testing', es: 'pruebas-de-usuario', inMenu: true },
  { area: 'ux-ui-design', en: 'design-systems', es: 'sistemas-de-diseno', inMenu: true },
  { area: 'ux-ui-design', en: 'branding', es: 'branding', inMenu: false },
  { area: 'seo-marketing', en: 'seo', es: 'posicionamiento-seo', inMenu: true },
  { area: 'seo-marketing', en: 'sem', es: 'publicidad-sem', inMenu: true },
  { area: 'seo-marketing', en: 'email-marketing', es: 'email-marketing', inMenu: true },
  { area: 'seo-marketing', en: 'web-optimization', es: 'optimizacion-web', inMenu: true },
  { area: 'seo-marketing', en: 'web-audit', es: 'auditoria-web', inMenu: true },
  { area: 'maintenance-support', en: 'web-maintenance', es: 'mantenimiento-web', inMenu: true },
  { area: 'maintenance-support', en: 'hosting', es: 'alojamiento-web', inMenu: true },
  { area: 'maintenance-support', en: 'technical-support', es: 'soporte-tecnico', inMenu: true },
  { area: 'maintenance-support', en: 'site-migration', es: 'migracion-de-sitios', inMenu: true },
  { area: 'maintenance-support', en: 'site-backup', es: 'respaldo-de-sitios', inMenu: true },
  { area: 'advanced-solutions', en: 'web-security', es: 'seguridad-web', inMenu: true },
  { area: 'advanced-solutions', en: 'custom-software', es: 'software-a-medida', inMenu: true },
  {
    area: 'advanced-solutions',
    en: 'mobile-applications',
    es: 'aplicaciones-moviles',
    inMenu: true,
  },
  { area: 'advanced-solutions', en: 'cloud-solutions', es: 'soluciones-en-la-nube', inMenu: true },
  { area: 'advanced-solutions', en: 'iot', es: 'internet-de-las-cosas', inMenu: true },
] as const satisfies readonly ServiceRow[]

export type Service = (typeof serviceTable)[number]
/** A service is identified by its English slug. */
export type ServiceId = Service['en']

/** Every service's id (its English slug), in table order: what forms and lists accept. */
export const serviceIds: readonly ServiceId[] = serviceTable.map((service) => service.en)
export type EnSlug = Service['en']
export type EsSlug = Service['es']

export const serviceNames: Record<ServiceId, MessageDescriptor> = {
  'web-development': msg({ id: 'service.web-development.name', message: 'Web development' }),
  'web-design': msg({ id: 'service.web-design.name', message: 'Web design' }),
  'web-applications': msg({ id: 'service.web-applications.name', message: 'Web applications' }),
  'pwa-development': msg({ id: 'service.pwa-development.name', message: 'PWA development' }),
  'e-commerce': msg({ id: 'service.e-commerce.name', message: 'E-commerce' }),
  'landing-pages': msg({ id: 'service.landing-pages.name', message: 'Landing pages' }),
  'responsive-design': msg({ id: 'service.responsive-design.name', message: 'Responsive design' }),
  'ux-design': msg({ id: 'service.ux-design.name', message: 'UX design' }),
  'ui-design': msg({ id: 'service.ui-design.name', message: 'UI design' }),
  copywriting: msg({ id: 'service.copywriting.name', message: 'Copywriting' }),
  'user-testing': msg({ id: 'service.user-testing.name', message: 'User testing' }),
  'design-systems': msg({ id: 'service.design-systems.name', message: 'Design systems' }),
  branding: msg({ id: 'service.branding.name', message: 'Branding' }),
  seo: msg({ id: 'service.seo.name', message: 'SEO' }),
  sem: msg({ id: 'service.sem.name', message: 'SEM' }),
  'email-marketing': msg({ id: 'service.email-marketing.name', message: 'Email marketing' }),
  'web-optimization': msg({ id: 'service.web-optimization.name', message: 'Web optimization' }),
  'web-audit': msg({ id: 'service.web-audit.name', message: 'Web audit' }),
  'web-maintenance': msg({ id: 'service.web-maintenance.name', message: 'Web maintenance' }),
  hosting: msg({ id: 'service.hosting.name', message: 'Hosting' }),
  'technical-support': msg({ id: 'service.technical-support.name', message: 'Technical support' }),
  'site-migration': msg({ id: 'service.site-migration.name', message: 'Site migration' }),
  'site-backup': msg({ id: 'service.site-backup.name', message: 'Site backup' }),
  'web-security': msg({ id: 'service.web-security.name', message: 'Web security' }),
  'custom-software': msg({ id: 'service.custom-software.name', message: 'Custom software' }),
  'mobile-applications': msg({
    id: 'service.mobile-applications.name',
    message: 'Mobile applications',
  }),
  'cloud-solutions': msg({ id: 'service.cloud-solutions.name', message: 'Cloud solutions' }),
  iot: msg({ id: 'service.iot.name', message: 'IoT' }),
}

const byEn = new Map<string, Service>(serviceTable.map((s) => [s.en, s]))
const byEs = new Map<string, Service>(serviceTable.map((s) => [s.es, s]))
const bySlug: Record<Locale, ReadonlyMap<string, Service>> = { en: byEn, es: byEs }

/** The service whose slug in `locale` is `slug` (the English slug is also the service's id). */
export function serviceBySlug(locale: Locale, slug: string): Service | undefined {
  return bySlug[locale].get(slug)
}

/** The service table's row for `id` (ids are checked by the compiler: this never misses). */
export function serviceById(id: ServiceId): Service {
  const found = byEn.get(id)
  if (!found) throw new Error(`No service ${id} in the service table`)
  return found
}

/**
 * `value` as a service id when it names one (a stored column, a query string), else undefined:
 * the service table decides what a service id is, never a list kept beside it.
 */
export function asServiceId(value: unknown): ServiceId | undefined {
  return typeof value === 'string' ? byEn.get(value)?.en : undefined
}

export function isEnSlug(slug: string): slug is EnSlug {
  return byEn.has(slug)
}

export function isEsSlug(slug: string): slug is EsSlug {
  return byEs.has(slug)
}

export function servicesInArea(area: AreaId): readonly Service[] {
  return serviceTable.filter((s) => s.area === area)
}
