import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney } from '../../../domain/money'
import type { ProposalState } from '../../../domain/requests/proposal-state'
import { useLocale } from '../../i18n/use-locale'
import type { FormatMoney } from './proposal-document'
import '../request-record/request-record.css'

/** Each proposal status as its reader sees it. */
export const proposalStatusLabels: Record<ProposalState, MessageDescriptor> = {
  draft: msg`Draft (the client does not see it)`,
  sent: msg`Sent, awaiting the client’s answer`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  superseded: msg`Replaced by a newer version`,
}

export function ProposalStatusLine({
  state,
  inline = false,
}: {
  readonly state: ProposalState
  readonly inline?: boolean
}) {
  const { i18n } = useLingui()
  const label = i18n._(proposalStatusLabels[state])
  if (inline) return <span className="proposal-status">{label}</span>
  return (
    <p className="proposal-status">
      <Trans>
        Status: <span className="status-badge">{label}</span>
      </Trans>
    </p>
  )
}

/** Who accepted a proposal and when (the record both the agency and the client read). */
export function ProposalAcceptanceLine({
  acceptance,
}: {
  readonly acceptance: { readonly fullName: string; readonly acceptedAt: string }
}) {
  const { i18n } = useLingui()
  const when = i18n.date(new Date(acceptance.acceptedAt), { dateStyle: 'long', timeStyle: 'short' })
  return (
    <p className="proposal-acceptance">
      <Trans>
        Accepted by {acceptance.fullName} on {when}.
      </Trans>
    </p>
  )
}

/** Amounts in centavos as the reader's language writes pesos (es-MX "$12,500.00", en "MX$12,500.00"). */
export function useMoney(): FormatMoney {
  const locale = useLocale()
  return (centavos) => formatMoney(centavos, locale)
}
