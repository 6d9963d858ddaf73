import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AreaId } from '../../../domain/services/service-table'

/**
 * One sentence introducing each area on the services listing. In the catalog every page
 * loads (a few short lines), not the services one: the listing does not load the service copy.
 */
export const areaIntros: Record<AreaId, MessageDescriptor> = {
  'web-development': msg({
    id: 'area-intro.web-development',
    message: 'Sites, shops and web applications built to be fast, accessible and yours to keep.',
  }),
  'ux-ui-design': msg({
    id: 'area-intro.ux-ui-design',
    message: 'Research, interfaces and words that make a product easy to understand and use.',
  }),
  'seo-marketing': msg({
    id: 'area-intro.seo-marketing',
    message: 'Being found, in both languages, and turning visits into enquiries you can measure.',
  }),
  'maintenance-support': msg({
    id: 'area-intro.maintenance-support',
    message: 'Updates, hosting, backups and a team that answers when something goes wrong.',
  }),
  'advanced-solutions': msg({
    id: 'area-intro.advanced-solutions',
    message: 'Custom software, apps, cloud and connected devices, with security from the start.',
  }),
}
