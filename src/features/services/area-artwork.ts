import type { AreaId } from '../../../domain/services/service-table'
import advancedSolutions from './artwork/area-advanced-solutions.svg?url'
import maintenanceSupport from './artwork/area-maintenance-support.svg?url'
import seoMarketing from './artwork/area-seo-marketing.svg?url'
import uxUiDesign from './artwork/area-ux-ui-design.svg?url'
import webDevelopment from './artwork/area-web-development.svg?url'

/**
 * Each area's illustration, drawn in the home page's palette. Served as the SVG file itself
 * (crisp at every size, a few kilobytes, no script): only its address is in the bundle. Every
 * drawing is 640 × 400; the pages give that size so nothing shifts while it loads.
 */
export const areaArtwork: Record<AreaId, string> = {
  'web-development': webDevelopment,
  'ux-ui-design': uxUiDesign,
  'seo-marketing': seoMarketing,
  'maintenance-support': maintenanceSupport,
  'advanced-solutions': advancedSolutions,
}

export const artworkSize = { width: 640, height: 400 } as const
