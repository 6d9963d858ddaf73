import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { whatsappLink } from '../../domain/agency-whatsapp'
import { type ServiceId, serviceNames } from '../../domain/services/service-table'

const aboutAProject = msg`Hello, Puente Digital. I would like to talk about a project.`
const aboutService = (service: string): MessageDescriptor =>
  msg`Hello, Puente Digital. I would like to know more about your service "${service}".`

/**
 * "Write to us on WhatsApp": a click-to-chat link to the agency's number (AGENCY_WHATSAPP) with
 * a first message in the page's language, naming the page's service when there is one. Nothing
 * when the number is not set.
 */
export function WhatsappLink({
  digits,
  service,
  className,
}: {
  readonly digits: string | null
  readonly service?: ServiceId
  readonly className?: string
}) {
  const { i18n } = useLingui()
  if (digits === null) return null
  const message = i18n._(service ? aboutService(i18n._(serviceNames[service])) : aboutAProject)
  return (
    <a href={whatsappLink(digits, message)} className={className}>
      <Trans>Write to us on WhatsApp</Trans>
    </a>
  )
}
