import { Trans, useLingui } from '@lingui/react/macro'
import type { Centavos } from '../../../domain/money'
import { maxInstalments } from '../../../domain/payments/payment-schedule'
import type {
  DraftDue,
  DraftInstalment,
  DraftPlan,
} from '../../../domain/requests/proposal-plan-draft'
import { submittedText } from '../../ui/form-flow'

/**
 * The payment plan's part of the proposal draft form: percentages or amounts, one row per
 * instalment (its share, when it falls due, the day when due on a date) and what each comes to,
 * to the centavo, as it will be charged. Fields are uncontrolled like the items'; the form reads
 * them (`readPlan`) at each keystroke for the amounts and on saving.
 */

const dues: readonly DraftDue[] = ['acceptance', 'delivered', 'date']

/** The plan as typed in `data`, its rows those of `plan` (null: the draft has no plan). */
export function readPlan(data: FormData, plan: DraftPlan | null): DraftPlan | null {
  if (!plan) return null
  const text = (name: string) => submittedText(data, name)
  const by = text('plan-by') === 'amount' ? 'amount' : 'percent'
  return {
    by,
    instalments: plan.instalments.map((row): DraftInstalment => {
      const due = text(`plan-${row.key}-due`)
      return {
        key: row.key,
        share: text(`plan-${row.key}-share`),
        due: dues.includes(due as DraftDue) ? (due as DraftDue) : row.due,
        date: text(`plan-${row.key}-date`),
      }
    }),
  }
}

export function PlanFields({
  plan,
  typed,
  amounts,
  errors,
  busy,
  money,
  onAdd,
  onRemove,
}: {
  /** The rows the machine holds (their keys). */
  readonly plan: DraftPlan | null
  /** The plan as typed now (which rows are due on a date, percent or amounts). */
  readonly typed: DraftPlan | null
  /** What each row comes to, by key (empty while the plan or the totals are incomplete). */
  readonly amounts: ReadonlyMap<number, Centavos>
  /** Messages by field: `plan.<key>.share`, `plan.<key>.date`, `plan`. */
  readonly errors: ReadonlyMap<string, string>
  readonly busy: boolean
  readonly money: (centavos: number) => string
  readonly onAdd: () => void
  readonly onRemove: (key: number) => void
}) {
  const { t } = useLingui()
  const by = typed?.by ?? plan?.by ?? 'percent'
  const rows = plan?.instalments ?? []
  const planError = errors.get('plan')
  const dueLabel = (due: DraftDue) =>
    due === 'acceptance' ? t`On acceptance` : due === 'delivered' ? t`On delivery` : t`On a date`
  return (
    <fieldset
      className="form-group proposal-plan"
      aria-describedby={planError ? 'proposal-plan-error' : 'proposal-plan-hint'}
    >
      <legend>
        <Trans>Payment plan (optional)</Trans>
      </legend>
      {plan === null ? (
        <p className="form-hint" id="proposal-plan-hint">
          <Trans>Without a plan the client is not asked to pay through the portal.</Trans>
        </p>
      ) : (
        <>
          <fieldset className="proposal-plan-by">
            <legend>
              <Trans>Instalments as</Trans>
            </legend>
            {(['percent', 'amount'] as const).map((kind) => (
              <div className="form-check" key={kind}>
                <input
                  id={`proposal-plan-by-${kind}`}
                  type="radio"
                  name="plan-by"
                  value={kind}
                  defaultChecked={plan.by === kind}
                />
                <label htmlFor={`proposal-plan-by-${kind}`}>
                  {kind === 'percent' ? (
                    <Trans>Percentages of the total</Trans>
                  ) : (
                    <Trans>Amounts in pesos</Trans>
                  )}
                </label>
              </div>
            ))}
          </fieldset>
          <p className="form-hint" id="proposal-plan-hint">
            <Trans>
              Each percentage is rounded down to the centavo; the centavos left over go to the last
              instalment, so the instalments add up to the total exactly.
            </Trans>
          </p>
          <ol className="proposal-plan-rows" aria-label={t`Instalments`}>
            {rows.map((row, index) => {
              const number = index + 1
              const typedRow = typed?.instalments.find((candidate) => candidate.key === row.key)
              const due = typedRow?.due ?? row.due
              const shareError = errors.get(`plan.${row.key}.share`)
              const dateError = errors.get(`plan.${row.key}.date`)
              const amount = amounts.get(row.key)
              return (
                <li key={row.key} className="proposal-plan-row">
                  <div className={shareError ? 'form-field form-field-invalid' : 'form-field'}>
                    <label htmlFor={`plan-${row.key}-share`}>
                      {by === 'percent'
                        ? t`Instalment ${number}: percentage`
                        : t`Instalment ${number}: amount in pesos`}
                    </label>
                    <input
                      id={`plan-${row.key}-share`}
                      name={`plan-${row.key}-share`}
                      type="text"
                      inputMode={by === 'percent' ? 'numeric' : 'decimal'}
                      className="proposal-editor-number"
                      defaultValue={row.share}
                      aria-invalid={Boolean(shareError ?? planError)}
                      aria-describedby={
                        shareError
                          ? `plan-${row.key}-share-error`
                          : planError
                            ? 'proposal-plan-error'
                            : undefined
                      }
                    />
                    {shareError ? (
                      <p id={`plan-${row.key}-share-error`} className="form-error">
                        {shareError}
                      </p>
                    ) : null}
                  </div>
                  <div className="form-field">
                    <label htmlFor={`plan-${row.key}-due`}>
                      <Trans>Due</Trans>
                    </label>
                    <select
                      id={`plan-${row.key}-due`}
                      name={`plan-${row.key}-due`}
                      defaultValue={row.due}
                    >
                      {dues.map((choice) => (
                        <option key={choice} value={choice}>
                          {dueLabel(choice)}
                        </option>
                      ))}
                    </select>
                  </div>
                  {due === 'date' ? (
                    <div className={dateError ? 'form-field form-field-invalid' : 'form-field'}>
                      <label htmlFor={`plan-${row.key}-date`}>
                        <Trans>Due date</Trans>
                      </label>
                      <input
                        id={`plan-${row.key}-date`}
                        name={`plan-${row.key}-date`}
                        type="date"
                        defaultValue={row.date}
                        aria-invalid={Boolean(dateError)}
                        aria-describedby={dateError ? `plan-${row.key}-date-error` : undefined}
                      />
                      {dateError ? (
                        <p id={`plan-${row.key}-date-error`} className="form-error">
                          {dateError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                  <p className="proposal-plan-amount">
                    {amount === undefined ? '—' : <Trans>Comes to {money(amount)}</Trans>}
                  </p>
                  <button
                    type="button"
                    className="button proposal-remove-instalment"
                    aria-label={t`Remove instalment ${number}`}
                    aria-disabled={busy}
                    onClick={() => {
                      if (!busy) onRemove(row.key)
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </li>
              )
            })}
          </ol>
        </>
      )}
      {planError ? (
        <p id="proposal-plan-error" className="form-error">
          {planError}
        </p>
      ) : null}
      {rows.length < maxInstalments ? (
        <button
          type="button"
          className="button proposal-add-instalment"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onAdd()
          }}
        >
          {plan === null ? <Trans>Add a payment plan</Trans> : <Trans>Add an instalment</Trans>}
        </button>
      ) : null}
    </fieldset>
  )
}
