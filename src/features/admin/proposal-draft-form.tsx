import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { Totals } from '../../../domain/money'
import { paymentMessages } from '../../../domain/payments/payment-messages'
import { defaultValidUntil } from '../../../domain/requests/proposal-dates'
import {
  type DraftProblem,
  type DraftValues,
  draftProblems,
  draftTotals,
} from '../../../domain/requests/proposal-draft'
import {
  type DraftPlan,
  isPlanProblem,
  planProblemField,
  planProblemMessage,
  typedInstalmentAmounts,
} from '../../../domain/requests/proposal-plan-draft'
import type { ProposalEditorContext } from '../../../machines/proposal-editor-machine'
import { submittedText } from '../../ui/form-flow'
import { PlanFields, readPlan } from './proposal-plan-fields'

function useProblemTexts() {
  const { t, i18n } = useLingui()
  return (problem: DraftProblem, plan: DraftPlan | null): string => {
    // The plan's problems are said with the shared schema's messages (the server's 400 too).
    if (isPlanProblem(problem) && plan)
      return i18n._(paymentMessages[planProblemMessage(problem, plan)])
    if (problem === 'title') return t`Give the proposal a title.`
    if (problem === 'discount') return t`Type the discount in pesos, e.g. 1,500.00.`
    if (problem === 'discountTooLarge') return t`The discount cannot be larger than the subtotal.`
    if (problem === 'validUntil') return t`Choose the last day the proposal is valid.`
    if (problem.endsWith('.description')) return t`Describe the item.`
    if (problem.endsWith('.quantity')) return t`A whole number, 1 or more.`
    return t`Type the price in pesos, e.g. 12,500.00.`
  }
}

/** The draft's form: uncontrolled fields (what is typed stays), rows added and removed. */
export function DraftForm({
  context,
  busy,
  onAdd,
  onRemove,
  onAddInstalment,
  onRemoveInstalment,
  onCancel,
  onSave,
  money,
}: {
  readonly money: (centavos: number) => string
  readonly context: ProposalEditorContext
  readonly busy: boolean
  readonly onAdd: () => void
  readonly onRemove: (key: number) => void
  readonly onAddInstalment: () => void
  readonly onRemoveInstalment: (key: number) => void
  readonly onCancel: () => void
  readonly onSave: (values: DraftValues) => void
}) {
  const { t } = useLingui()
  const problemText = useProblemTexts()
  const { values, refusedSubmissions } = context
  const formRef = useRef<HTMLFormElement>(null)
  const errors = useMemo(() => {
    const found = new Map<string, string>()
    if (refusedSubmissions === 0) return found
    for (const problem of draftProblems(values)) {
      const field =
        problem === 'discountTooLarge'
          ? 'discount'
          : isPlanProblem(problem)
            ? planProblemField(problem)
            : problem
      if (!found.has(field)) found.set(field, problemText(problem, values.plan))
    }
    return found
  }, [values, refusedSubmissions, problemText])
  useEffect(() => {
    if (refusedSubmissions > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedSubmissions])
  const [today] = useState(() => new Date())
  const previousCount = useRef(values.items.length)
  useEffect(() => {
    // A new row takes focus on its description; after a removal, the "Add" button does.
    if (values.items.length > previousCount.current)
      formRef.current?.querySelector<HTMLElement>('.proposal-editor-item:last-child input')?.focus()
    else if (values.items.length < previousCount.current)
      formRef.current?.querySelector<HTMLElement>('.proposal-add-item')?.focus()
    previousCount.current = values.items.length
  }, [values.items.length])

  // The totals and the plan as typed, read from the form on every keystroke (its fields are
  // uncontrolled).
  const [totals, setTotals] = useState(() => draftTotals(values))
  const [typedPlan, setTypedPlan] = useState(() => values.plan)
  const readTotals = () => {
    const form = formRef.current
    if (!form) return
    const data = new FormData(form)
    const text = (name: string) => submittedText(data, name)
    setTypedPlan(readPlan(data, values.plan))
    setTotals(
      draftTotals({
        items: values.items.map((item) => ({
          quantity: text(`item-${item.key}-quantity`),
          unitPrice: text(`item-${item.key}-unitPrice`),
        })),
        discount: text('discount'),
      }),
    )
  }
  const readTotalsRef = useRef(readTotals)
  readTotalsRef.current = readTotals
  const rows = values.items.length
  const instalments = values.plan?.instalments.length ?? 0
  useEffect(() => {
    // A row added or removed changes the sums without a keystroke (after the rows render).
    if (rows + instalments > 0) readTotalsRef.current()
  }, [rows, instalments])
  const previousInstalments = useRef(instalments)
  useEffect(() => {
    // A new instalment takes focus on its share; after a removal, the plan's "Add" button does.
    if (instalments > previousInstalments.current)
      formRef.current?.querySelector<HTMLElement>('.proposal-plan-row:last-child input')?.focus()
    else if (instalments < previousInstalments.current)
      formRef.current?.querySelector<HTMLElement>('.proposal-add-instalment')?.focus()
    previousInstalments.current = instalments
  }, [instalments])
  const amounts = useMemo(
    () =>
      typedPlan ? typedInstalmentAmounts(typedPlan, totals?.total) : new Map<number, number>(),
    [typedPlan, totals],
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    const text = (name: string) => submittedText(data, name)
    onSave({
      plan: readPlan(data, values.plan),
      title: text('title'),
      items: values.items.map((item) => ({
        key: item.key,
        description: text(`item-${item.key}-description`),
        quantity: text(`item-${item.key}-quantity`),
        unitPrice: text(`item-${item.key}-unitPrice`),
      })),
      discount: text('discount'),
      validUntil: text('validUntil'),
      scope: text('scope'),
      terms: text('terms'),
    })
  }

  const field = (
    name: string,
    label: string,
    control: (props: {
      id: string
      name: string
      'aria-invalid': boolean
      'aria-describedby': string | undefined
    }) => React.ReactNode,
    options: { readonly hint?: React.ReactNode; readonly errorApart?: boolean } = {},
  ) => {
    const error = errors.get(name)
    const id = `proposal-${name}`
    const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter((part) => part !== '')
      .join(' ')
    return (
      <div className={error ? 'form-field form-field-invalid' : 'form-field'}>
        <label htmlFor={id}>{label}</label>
        {control({
          id,
          name,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy === '' ? undefined : describedBy,
        })}
        {options.hint ? (
          <p id={`${id}-hint`} className="form-hint">
            {options.hint}
          </p>
        ) : null}
        {error && !options.errorApart ? errorLine(name) : null}
      </div>
    )
  }
  /** A field's error, by the field or (an item's) under its row. */
  const errorLine = (name: string) => {
    const error = errors.get(name)
    return error ? (
      <p key={name} id={`proposal-${name}-error`} className="form-error">
        {error}
      </p>
    ) : null
  }

  return (
    <form
      ref={formRef}
      className="proposal-editor"
      noValidate
      onSubmit={submit}
      onInput={readTotals}
      onChange={readTotals}
      aria-busy={busy}
      aria-label={t`Proposal draft`}
    >
      {field('title', t`Title`, (control) => (
        <input {...control} type="text" maxLength={200} defaultValue={values.title} />
      ))}
      <fieldset className="form-group">
        <legend>
          <Trans>Line items (prices in Mexican pesos, before IVA)</Trans>
        </legend>
        <ol className="proposal-editor-items">
          {values.items.map((item, index) => {
            const row = index + 1
            const names = (['description', 'quantity', 'unitPrice'] as const).map(
              (part) => `items.${item.key}.${part}`,
            )
            const apart = { errorApart: true }
            return (
              <li key={item.key} className="proposal-editor-item">
                {field(
                  `items.${item.key}.description`,
                  t`Item ${row}: description`,
                  (control) => (
                    <input
                      {...control}
                      name={`item-${item.key}-description`}
                      type="text"
                      maxLength={500}
                      defaultValue={item.description}
                    />
                  ),
                  apart,
                )}
                {field(
                  `items.${item.key}.quantity`,
                  t`Quantity`,
                  (control) => (
                    <input
                      {...control}
                      name={`item-${item.key}-quantity`}
                      type="text"
                      inputMode="numeric"
                      className="proposal-editor-number"
                      defaultValue={item.quantity}
                    />
                  ),
                  apart,
                )}
                {field(
                  `items.${item.key}.unitPrice`,
                  t`Unit price`,
                  (control) => (
                    <input
                      {...control}
                      name={`item-${item.key}-unitPrice`}
                      type="text"
                      inputMode="decimal"
                      className="proposal-editor-number"
                      defaultValue={item.unitPrice}
                    />
                  ),
                  apart,
                )}
                {values.items.length > 1 ? (
                  <button
                    type="button"
                    className="button proposal-remove-item"
                    aria-label={t`Remove item ${row}`}
                    aria-disabled={busy}
                    onClick={() => {
                      if (!busy) onRemove(item.key)
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                ) : null}
                {names.some((name) => errors.has(name)) ? (
                  <div className="proposal-editor-item-errors">{names.map(errorLine)}</div>
                ) : null}
              </li>
            )
          })}
        </ol>
        <button
          type="button"
          className="button proposal-add-item"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onAdd()
          }}
        >
          <Trans>Add an item</Trans>
        </button>
      </fieldset>
      {field(
        'discount',
        t`Discount in pesos (optional)`,
        (control) => (
          <input {...control} type="text" inputMode="decimal" defaultValue={values.discount} />
        ),
        { hint: <Trans>IVA at 16 % is added to the subtotal after the discount.</Trans> },
      )}
      <TotalsPreview totals={totals} money={money} />
      <PlanFields
        plan={values.plan}
        typed={typedPlan}
        amounts={amounts}
        errors={errors}
        busy={busy}
        money={money}
        onAdd={onAddInstalment}
        onRemove={onRemoveInstalment}
      />
      {field('validUntil', t`Valid until`, (control) => (
        <input
          {...control}
          type="date"
          defaultValue={values.validUntil === '' ? defaultValidUntil(today) : values.validUntil}
        />
      ))}
      {field('scope', t`Scope (optional)`, (control) => (
        <textarea {...control} rows={5} maxLength={5000} defaultValue={values.scope} />
      ))}
      {field('terms', t`Terms (optional)`, (control) => (
        <textarea {...control} rows={4} maxLength={5000} defaultValue={values.terms} />
      ))}
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save the draft</Trans>}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onCancel()
          }}
        >
          <Trans>Cancel</Trans>
        </button>
      </p>
    </form>
  )
}

/**
 * What the typed amounts come to, read-only (not announced at each keystroke); the server
 * computes the figures the proposal keeps.
 */
function TotalsPreview({
  totals,
  money,
}: {
  readonly totals: Totals | undefined
  readonly money: (centavos: number) => string
}) {
  return (
    <div className="proposal-preview">
      <p className="form-hint">
        <Trans>Totals as typed</Trans>
      </p>
      {totals ? (
        <dl className="proposal-totals">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(totals.subtotal)}</dd>
          {totals.discount > 0 ? (
            <>
              <dt>
                <Trans>Discount</Trans>
              </dt>
              <dd>−{money(totals.discount)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>IVA (16 %)</Trans>
          </dt>
          <dd>{money(totals.iva)}</dd>
          <dt className="proposal-total">
            <Trans>Total</Trans>
          </dt>
          <dd className="proposal-total">{money(totals.total)}</dd>
        </dl>
      ) : (
        <p className="form-hint">
          <Trans>The totals show once every quantity, price and the discount are amounts.</Trans>
        </p>
      )}
    </div>
  )
}
