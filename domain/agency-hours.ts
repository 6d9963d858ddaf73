import { msg } from '@lingui/core/macro'

/** When the agency answers the phone (the contact page and the privacy notice show it). */
export const officeHours = msg`Monday to Friday, 9:00 to 18:00 (Mexico City time)`
