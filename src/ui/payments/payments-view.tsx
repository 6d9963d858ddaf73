import { Trans, useLingui } from '@lingui/react/macro'
import { agencyDay } from '../../../domain/agency-day'
import type {
  Instalment,
  RecordedPayment,
  RequestPayments,
} from '../../../domain/api/payments-endpoints'
import { useDueText } from '../proposal/payment-plan-table'
import { instalmentStateLabels, paymentMethodLabels } from './payment-labels'
import './payments.css'

/**
 * A request's payments as both sides read them: what the plan comes to, what was paid, what is
 * still owed and the client's credit; each instalment (folio, amount, when due, state, paid);
 * and the payments received. Amounts are the server's, in centavos, formatted for the reader.
 */

type Money = (centavos: number) => string

/** The sums: total, paid, outstanding and (when there is one) the credit. */
export function PaymentsSummary({
  payments,
  money,
}: {
  readonly payments: RequestPayments<RecordedPayment>
  readonly money: Money
}) {
  return (
    <dl className="proposal-totals payments-summary">
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd>{money(payments.total)}</dd>
      <dt>
        <Trans>Paid</Trans>
      </dt>
      <dd>{money(payments.paid)}</dd>
      {payments.credit > 0 ? (
        <>
          <dt>
            <Trans>Credit (paid in advance)</Trans>
          </dt>
          <dd>{money(payments.credit)}</dd>
        </>
      ) : null}
      <dt className="proposal-total">
        <Trans>Still to pay</Trans>
      </dt>
      <dd className="proposal-total">{money(payments.outstanding)}</dd>
    </dl>
  )
}

/** When an instalment falls (or fell) due: its rule, and the day it did. */
function useWhenDue(): (instalment: Instalment) => string {
  const dueText = useDueText()
  const { i18n } = useLingui()
  return (instalment) =>
    instalment.dueAt && instalment.due.on !== 'date'
      ? `${dueText(instalment.due)} (${i18n.date(new Date(instalment.dueAt), { dateStyle: 'medium', timeZone: 'America/Mexico_City' })})`
      : dueText(instalment.due)
}

/** Every instalment, in the plan's order; `actions` adds a cell per row (the agency's void). */
export function InstalmentsTable({
  instalments,
  money,
  actions,
}: {
  readonly instalments: readonly Instalment[]
  readonly money: Money
  readonly actions?: (instalment: Instalment) => React.ReactNode
}) {
  const { t, i18n } = useLingui()
  const whenDue = useWhenDue()
  return (
    <table className="proposal-items payments-instalments">
      <caption className="visually-hidden">
        <Trans>Instalments</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Folio</Trans>
          </th>
          <th scope="col">
            <Trans>Due</Trans>
          </th>
          <th scope="col">
            <Trans>State</Trans>
          </th>
          <th scope="col" className="proposal-number">
            <Trans>Amount</Trans>
          </th>
          <th scope="col" className="proposal-number">
            <Trans>Paid</Trans>
          </th>
          {actions ? (
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {instalments.map((instalment) => (
          <tr key={instalment.id}>
            <td>{instalment.folio}</td>
            <td data-label={t`Due`}>{whenDue(instalment)}</td>
            <td data-label={t`State`}>
              <span className={`payment-state payment-state-${instalment.state}`}>
                {i18n._(instalmentStateLabels[instalment.state])}
              </span>
            </td>
            <td className="proposal-number" data-label={t`Amount`}>
              {money(instalment.amount)}
            </td>
            <td className="proposal-number" data-label={t`Paid`}>
              {money(instalment.paid)}
            </td>
            {actions ? <td>{actions(instalment)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The payments received, newest first; `note` shows the agency's note (its view only), a refund
 * its state (asked of Stripe, or confirmed), and `actions` adds the agency's refund button.
 */
export function PaymentsReceived({
  payments,
  money,
  actions,
}: {
  readonly payments: readonly (RecordedPayment & { readonly note?: string })[]
  readonly money: Money
  readonly actions?: (payment: RecordedPayment) => React.ReactNode
}) {
  const { i18n } = useLingui()
  if (payments.length === 0)
    return (
      <p>
        <Trans>No payment received yet.</Trans>
      </p>
    )
  const day = (value: string) =>
    i18n.date(new Date(`${value}T12:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' })
  return (
    <ul className="payments-received">
      {payments.map((payment) => {
        const method = i18n._(paymentMethodLabels[payment.method])
        const when = day(payment.paidOn)
        const amount = money(payment.amount)
        const applied = payment.applied
          .map((part) => `${part.folio} ${money(part.amount)}`)
          .join(', ')
        return (
          <li key={payment.id}>
            <Trans>
              {amount} by {method} on {when}
            </Trans>
            {applied !== '' ? (
              <>
                {' — '}
                <Trans>to {applied}</Trans>
              </>
            ) : null}
            {payment.credit > 0 ? (
              <>
                {' — '}
                <Trans>{money(payment.credit)} kept as credit</Trans>
              </>
            ) : null}
            {payment.refund ? <RefundState refund={payment.refund} day={day} /> : null}
            {payment.note ? <p className="payments-note">{payment.note}</p> : null}
            {actions?.(payment)}
          </li>
        )
      })}
    </ul>
  )
}

/** A refund asked of Stripe stays "requested" until Stripe's webhook confirms it. */
function RefundState({
  refund,
  day,
}: {
  readonly refund: NonNullable<RecordedPayment['refund']>
  readonly day: (value: string) => string
}) {
  const when = refund.refundedAt ? day(agencyDay(new Date(refund.refundedAt))) : ''
  return (
    <>
      {' — '}
      <span className="payments-refund">
        {refund.refundedAt ? <Trans>Refunded on {when}</Trans> : <Trans>Refund requested</Trans>}
      </span>
    </>
  )
}
