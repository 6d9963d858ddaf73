import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useCallback, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { agencyDay } from '../../../domain/agency-day'
import type { Translate } from '../../../domain/forms/translate'
import {
  createRecordPaymentSchema,
  paymentNoteLength,
} from '../../../domain/payments/payment-schemas'
import {
  emptyRecordPayment,
  type RecordPaymentValues,
  recordedMethods,
  recordPaymentPayload,
} from '../../../domain/payments/record-payment-form'
import { recordPaymentMachine } from '../../../machines/record-payment-machine'
import { FormField } from '../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../ui/form-flow'
import { LoadState } from '../../ui/load-state'
import { inspectorOptions } from '../../ui/machine-inspector'
import { paymentMethodLabels } from '../../ui/payments/payment-labels'
import {
  InstalmentsTable,
  PaymentsReceived,
  PaymentsSummary,
} from '../../ui/payments/payments-view'
import { useMoney } from '../../ui/proposal/proposal-status'
import { adminPaymentEffects, adminPaymentsQueryOptions } from './api/payment-effects'
import { RefundPaymentForm, useRefundPayment } from './refund-payment'
import { useSecondFactorFirst, useSecondFactorSetup } from './use-second-factor-first'
import { useVoidInstalment, VoidInstalmentForm } from './void-instalment'

const recordSchema = (t: Translate) => createRecordPaymentSchema(t)

/**
 * The "Payments" section of a request in the inbox: the ledger (what the plan comes to, what
 * was paid, the credit; each instalment; the payments received with their notes) and the form
 * to record a payment received (the recordPayment machine): amount, day, method and a note;
 * a partial payment or an overpayment is fine, the server allocates it.
 */
export function RequestPayments({ requestId }: { readonly requestId: string }) {
  const queryClient = useQueryClient()
  const ledger = useQuery(adminPaymentsQueryOptions(requestId))
  useSecondFactorFirst(ledger.error)
  const [machine] = useState(() => {
    const effects = adminPaymentEffects(requestId, queryClient)
    return recordPaymentMachine.provide({
      actors: { recordPayment: fromPromise(({ input }) => effects.record(input)) },
    })
  })
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  // The gate asked for a second factor: to the profile to set one up, then back here.
  useSecondFactorSetup(snapshot.matches('secondFactor'))
  const voiding = useVoidInstalment(requestId)
  const refunding = useRefundPayment(requestId, ledger.data?.instalments ?? [])
  const money = useMoney()
  const { t, i18n } = useLingui()
  const state = String(snapshot.value)
  const { context } = snapshot
  const sectionRef = useRef<HTMLElement>(null)
  useFocusOnView(state, (view, from) => {
    const section = sectionRef.current
    if (view === 'editing' && (from === 'idle' || from === 'saved' || from === 'refused'))
      return section?.querySelector<HTMLElement>('form input')
    if (view === 'saved' || view === 'refused' || view === 'failed')
      return section?.querySelector<HTMLElement>('[role="status"]')
    if (view === 'idle') return section?.querySelector<HTMLElement>('.payments-record')
    return undefined
  })
  // Read again when the day field is focused: a page left open past midnight (Mexico City)
  // offers the new day.
  const [today, setToday] = useState(() => agencyDay(new Date()))
  const values = context.values ?? emptyRecordPayment(today)
  const payload = useCallback(
    (typed: RecordPaymentValues | undefined) => recordPaymentPayload(typed ?? values),
    [values],
  )
  const { errors, formRef } = useRefusedFields({
    schema: recordSchema,
    values: context.values,
    refusedSubmissions: context.refusedSubmissions,
    serverFieldErrors: context.serverFieldErrors,
    payload,
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (state === 'saving') return
    const data = new FormData(event.currentTarget)
    const method = submittedText(data, 'method')
    send({
      type: 'submit',
      values: {
        amount: submittedText(data, 'amount'),
        paidOn: submittedText(data, 'paidOn'),
        method: recordedMethods.find((choice) => choice === method) ?? 'spei',
        note: submittedText(data, 'note'),
      },
    })
  }

  const status =
    state === 'saving' ? (
      <Trans>Recording the payment…</Trans>
    ) : state === 'saved' || state === 'refused' ? (
      context.message
    ) : state === 'failed' ? (
      (context.message ?? <Trans>The payment could not be recorded. Please try again.</Trans>)
    ) : null
  const data = ledger.data
  const editing = state === 'editing' || state === 'checking' || state === 'saving'
  return (
    <section ref={sectionRef} className="admin-payments" aria-labelledby="admin-payments-heading">
      <h3 id="admin-payments-heading">
        <Trans>Payments</Trans>
      </h3>
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {!data ? (
        <LoadState
          failed={ledger.isError}
          loading={<Trans>Loading the payments…</Trans>}
          failure={<Trans>The payments could not be loaded.</Trans>}
          onRetry={() => void ledger.refetch()}
        />
      ) : data.instalments.length === 0 ? (
        <p>
          <Trans>No payment plan accepted yet.</Trans>
        </p>
      ) : (
        <>
          <PaymentsSummary payments={data} money={money} />
          <h4>
            <Trans>Instalments</Trans>
          </h4>
          <InstalmentsTable instalments={data.instalments} money={money} actions={voiding.button} />
          <VoidInstalmentForm voiding={voiding} />
          <h4>
            <Trans>Payments received</Trans>
          </h4>
          <PaymentsReceived payments={data.payments} money={money} actions={refunding.button} />
          <RefundPaymentForm refunding={refunding} />
        </>
      )}
      {state === 'failed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {data && data.instalments.length > 0 && !editing && state !== 'failed' ? (
        <button
          type="button"
          className="button payments-record"
          onClick={() => send({ type: 'open' })}
        >
          <Trans>Record a payment</Trans>
        </button>
      ) : null}
      {editing ? (
        <form
          ref={formRef}
          className="admin-payments-form"
          noValidate
          onSubmit={submit}
          aria-busy={state === 'saving'}
          aria-label={t`Record a payment`}
        >
          <FormField
            form="payment"
            name="amount"
            label={<Trans>Amount received in pesos</Trans>}
            error={errors.amount}
            hint={
              <Trans>
                Less than what is due leaves the instalment partly paid; more is kept as the
                client’s credit.
              </Trans>
            }
          >
            {(control) => (
              <input {...control} type="text" inputMode="decimal" defaultValue={values.amount} />
            )}
          </FormField>
          <FormField
            form="payment"
            name="paidOn"
            label={<Trans>Received on</Trans>}
            error={errors.paidOn}
          >
            {(control) => (
              <input
                {...control}
                type="date"
                max={today}
                defaultValue={values.paidOn}
                onFocus={() => setToday(agencyDay(new Date()))}
              />
            )}
          </FormField>
          <FormField
            form="payment"
            name="method"
            label={<Trans>Method</Trans>}
            error={errors.method}
          >
            {(control) => (
              <select {...control} defaultValue={values.method}>
                {recordedMethods.map((method) => (
                  <option key={method} value={method}>
                    {i18n._(paymentMethodLabels[method])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            form="payment"
            name="note"
            label={<Trans>Note (optional, for the agency only)</Trans>}
            error={errors.note}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={paymentNoteLength}
                defaultValue={values.note}
              />
            )}
          </FormField>
          <p className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={state === 'saving'}
            >
              {state === 'saving' ? <Trans>Recording…</Trans> : <Trans>Record the payment</Trans>}
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={state === 'saving'}
              onClick={() => {
                if (state !== 'saving') send({ type: 'cancel' })
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      ) : null}
    </section>
  )
}
