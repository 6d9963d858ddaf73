import type { ServiceId } from '../../../domain/services/service-table'
import { advancedSolutionsContent } from './content/advanced-solutions-content'
import { maintenanceSupportContent } from './content/maintenance-support-content'
import { seoMarketingContent } from './content/seo-marketing-content'
import type { ServiceContent } from './content/service-content-type'
import { uxUiDesignContent } from './content/ux-ui-design-content'
import { webDevelopmentContent } from './content/web-development-content'

/** Every service's page copy; the type makes a missing service a compile error. */
export const serviceContent: Record<ServiceId, ServiceContent> = {
  ...webDevelopmentContent,
  ...uxUiDesignContent,
  ...seoMarketingContent,
  ...maintenanceSupportContent,
  ...advancedSolutionsContent,
}
