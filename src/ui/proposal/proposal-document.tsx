import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Proposal } from '../../../domain/api/api-contract'
import { PaymentPlanTable } from './payment-plan-table'
import './proposal.css'

/**
 * A proposal as the agency and its client both read it: version, title, line items, the
 * server's subtotal, discount, IVA and total (amounts in centavos, formatted for the reader's
 * language), validity, the payment plan, scope and terms. Its texts belong to the leads catalog.
 */

/** What both readers are shown of a version (the server's totals, never recomputed here). */
export type ShownProposal = Pick<
  Proposal,
  | 'version'
  | 'title'
  | 'items'
  | 'subtotal'
  | 'discount'
  | 'ivaPercent'
  | 'iva'
  | 'total'
  | 'validUntil'
  | 'scope'
  | 'terms'
  | 'paymentPlan'
>

export type FormatMoney = (centavos: number) => string

/** A `YYYY-MM-DD` day in the reader's language, as the calendar day it names (no time zone). */
export function useDay(): (day: string) => string {
  const { i18n } = useLingui()
  return (day) => i18n.date(new Date(`${day}T12:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' })
}

export function ProposalDocument({
  proposal,
  money,
  status,
  headingId,
  level,
}: {
  readonly proposal: ShownProposal
  readonly money: FormatMoney
  /** The status line under the heading (current, sent, accepted …). */
  readonly status?: ReactNode
  readonly headingId: string
  /** The title's heading level, one below the section's (its parts are one below that). */
  readonly level: 3 | 4
}) {
  const Title = level === 3 ? 'h3' : 'h4'
  const Part = level === 3 ? 'h4' : 'h5'
  const day = useDay()
  const { t } = useLingui()
  const { version } = proposal
  return (
    <div className="proposal-document">
      <Title id={headingId}>
        {proposal.title} <span className="proposal-version">(v{version})</span>
      </Title>
      {status}
      <table className="proposal-items">
        <caption className="visually-hidden">
          <Trans>Line items</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="proposal-number">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="proposal-number">
              <Trans>Unit price</Trans>
            </th>
            <th scope="col" className="proposal-number">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {proposal.items.map((item, index) => (
            // Items have no identity of their own: their order is the proposal's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <tr key={index}>
              <td>{item.description}</td>
              <td className="proposal-number" data-label={t`Quantity`}>
                {item.quantity}
              </td>
              <td className="proposal-number" data-label={t`Unit price`}>
                {money(item.unitPrice)}
              </td>
              <td className="proposal-number" data-label={t`Amount`}>
                {money(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="proposal-totals">
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(proposal.subtotal)}</dd>
        {proposal.discount > 0 ? (
          <>
            <dt>
              <Trans>Discount</Trans>
            </dt>
            <dd>−{money(proposal.discount)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>IVA ({proposal.ivaPercent} %)</Trans>
        </dt>
        <dd>{money(proposal.iva)}</dd>
        <dt className="proposal-total">
          <Trans>Total</Trans>
        </dt>
        <dd className="proposal-total">{money(proposal.total)}</dd>
      </dl>
      <p>
        <Trans>Valid until {day(proposal.validUntil)}</Trans>
      </p>
      {proposal.paymentPlan ? (
        <>
          <Part>
            <Trans>Payment plan</Trans>
          </Part>
          <PaymentPlanTable plan={proposal.paymentPlan} money={money} />
        </>
      ) : null}
      {proposal.scope.trim() !== '' ? (
        <>
          <Part>
            <Trans>Scope</Trans>
          </Part>
          <p className="proposal-text">{proposal.scope}</p>
        </>
      ) : null}
      {proposal.terms.trim() !== '' ? (
        <>
          <Part>
            <Trans>Terms</Trans>
          </Part>
          <p className="proposal-text">{proposal.terms}</p>
        </>
      ) : null}
    </div>
  )
}
