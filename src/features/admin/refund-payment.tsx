import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { Instalment, RecordedPayment } from '../../../domain/api/payments-endpoints'
import { voidReasonLength } from '../../../domain/payments/payment-schemas'
import { refundPaymentMachine } from '../../../machines/refund-payment-machine'
import { FormField } from '../../ui/form-field'
import { submittedText, useFocusOnView } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { useMoney } from '../../ui/proposal/proposal-status'
import { adminPaymentEffects } from './api/payment-effects'
import { useSecondFactorSetup } from './use-second-factor-first'

/**
 * Refunding a card payment made through Stripe, with the agency's reason and a confirmation
 * (the refundPayment machine): a "Refund" button on each card payment not refunded yet. Stripe
 * refunds the instalment's card payment; the ledger says "Refund requested" until Stripe's
 * webhook confirms it, then "Refunded". OXXO cash cannot be given back through Stripe.
 */
export function useRefundPayment(requestId: string, instalments: readonly Instalment[]) {
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = adminPaymentEffects(requestId, queryClient)
    return refundPaymentMachine.provide({
      actors: { refundPayment: fromPromise(({ input }) => effects.refund(input)) },
    })
  })
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  useSecondFactorSetup(snapshot.matches('secondFactor'))
  const { t } = useLingui()
  const button = (payment: RecordedPayment) => {
    // The instalment the payment paid: Stripe's refund is asked for by instalment.
    const folio = payment.applied[0]?.folio
    const instalment = instalments.find((one) => one.folio === folio)
    if (payment.method !== 'card' || payment.refund !== null || !instalment) return null
    const paid = instalment.folio
    return (
      <button
        type="button"
        className="button"
        aria-label={t`Refund the card payment to ${paid}`}
        onClick={() =>
          send({
            type: 'choose',
            target: {
              instalmentId: instalment.id,
              folio: instalment.folio,
              amount: payment.amount,
            },
          })
        }
      >
        <Trans>Refund</Trans>
      </button>
    )
  }
  return { snapshot, send, button }
}

export function RefundPaymentForm({
  refunding,
}: {
  readonly refunding: ReturnType<typeof useRefundPayment>
}) {
  const { snapshot, send } = refunding
  const { t } = useLingui()
  const money = useMoney()
  const state = String(snapshot.value)
  const { context } = snapshot
  const ref = useRef<HTMLDivElement>(null)
  useFocusOnView(state, (view) => {
    if (view === 'editing') return ref.current?.querySelector<HTMLElement>('textarea')
    if (view === 'confirming') return ref.current?.querySelector<HTMLElement>('.payments-confirm')
    if (['requested', 'refused', 'unavailable', 'failed'].includes(view))
      return ref.current?.querySelector<HTMLElement>('[role="status"]')
    return undefined
  })
  // A reason refused (by the check or the server): back to it, its message read with it.
  useEffect(() => {
    if (context.refusedSubmissions > 0) ref.current?.querySelector<HTMLElement>('textarea')?.focus()
  }, [context.refusedSubmissions])
  const folio = context.target?.folio ?? ''
  const amount = money(context.target?.amount ?? 0)
  const reasonError =
    context.serverFieldErrors.reason ??
    (context.refusedSubmissions > 0
      ? t`Say why the payment is refunded, in up to 500 characters.`
      : undefined)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({
      type: 'submit',
      values: { reason: submittedText(new FormData(event.currentTarget), 'reason') },
    })
  }
  const status =
    state === 'refunding' ? (
      <Trans>Asking Stripe for the refund…</Trans>
    ) : state === 'requested' || state === 'refused' ? (
      context.message
    ) : state === 'unavailable' ? (
      (context.message ?? (
        <Trans>Stripe is not answering just now. Try again in a few minutes.</Trans>
      ))
    ) : state === 'failed' ? (
      (context.message ?? <Trans>The refund could not be asked for. Please try again.</Trans>)
    ) : null
  return (
    <div ref={ref} className="admin-payments-refund">
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {state === 'failed' || state === 'unavailable' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {state === 'editing' || state === 'checking' ? (
        <form noValidate onSubmit={submit} aria-label={t`Refund ${folio}`}>
          <FormField
            form="refund"
            name="reason"
            label={<Trans>Why is the card payment to {folio} refunded?</Trans>}
            error={reasonError}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={voidReasonLength}
                defaultValue={context.values?.reason ?? ''}
              />
            )}
          </FormField>
          <p className="form-actions">
            <button type="submit" className="button button-danger">
              <Trans>Continue</Trans>
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
              <Trans>Keep the payment</Trans>
            </button>
          </p>
        </form>
      ) : null}
      {state === 'confirming' || state === 'refunding' ? (
        <div aria-busy={state === 'refunding'}>
          <p className="payments-confirm" tabIndex={-1}>
            <Trans>
              Refund {amount} to the client’s card for {folio}? Stripe gives the money back and this
              cannot be undone.
            </Trans>
          </p>
          <p className="form-actions">
            <button
              type="button"
              className="button button-danger"
              aria-disabled={state === 'refunding'}
              onClick={() => {
                if (state === 'confirming') send({ type: 'confirm' })
              }}
            >
              <Trans>Yes, refund {amount}</Trans>
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={state === 'refunding'}
              onClick={() => {
                if (state === 'confirming') send({ type: 'back' })
              }}
            >
              <Trans>Go back</Trans>
            </button>
          </p>
        </div>
      ) : null}
    </div>
  )
}
