import { Trans, useLingui } from '@lingui/react/macro'
import type { Proposal } from '../../../domain/api/api-contract'
import type { InstalmentDue } from '../../../domain/payments/payment-schedule'

/** When an instalment falls due, in the reader's language ("On delivery", "On 15 January 2027"). */
export function useDueText(): (due: InstalmentDue) => string {
  const { t, i18n } = useLingui()
  return (due) => {
    if (due.on === 'acceptance') return t`On acceptance`
    if (due.on === 'status') return t`On delivery`
    const day = i18n.date(new Date(`${due.date}T12:00:00Z`), {
      dateStyle: 'long',
      timeZone: 'UTC',
    })
    return t`On ${day}`
  }
}

/**
 * A proposal's payment plan as both sides read it: each instalment's share, the centavos the
 * server computed it comes to (the one rounding rule: each rounded down, the rest to the last)
 * and when it falls due.
 */
export function PaymentPlanTable({
  plan,
  money,
}: {
  readonly plan: NonNullable<Proposal['paymentPlan']>
  readonly money: (centavos: number) => string
}) {
  const { t } = useLingui()
  const dueText = useDueText()
  const { schedule, amounts } = plan
  const rows = schedule.instalments.map((instalment, index) => ({
    share: 'percent' in instalment ? `${instalment.percent} %` : undefined,
    due: instalment.due,
    amount: amounts[index] ?? 0,
  }))
  return (
    <table className="proposal-items proposal-plan-table">
      <caption className="visually-hidden">
        <Trans>Payment plan</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Instalment</Trans>
          </th>
          <th scope="col">
            <Trans>Due</Trans>
          </th>
          <th scope="col" className="proposal-number">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // The plan's order is its meaning: rows never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <tr key={index}>
            <td>
              {index + 1}
              {row.share ? ` (${row.share})` : ''}
            </td>
            <td data-label={t`Due`}>{dueText(row.due)}</td>
            <td className="proposal-number" data-label={t`Amount`}>
              {money(row.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
