import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { Instalment } from '../../../domain/api/payments-endpoints'
import { voidReasonLength } from '../../../domain/payments/payment-schemas'
import { allowedInstalmentActions } from '../../../machines/instalment-machine'
import { voidInstalmentMachine } from '../../../machines/void-instalment-machine'
import { FormField } from '../../ui/form-field'
import { submittedText, useFocusOnView } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { adminPaymentEffects } from './api/payment-effects'
import { useSecondFactorSetup } from './use-second-factor-first'

/**
 * Voiding an instalment nothing was paid towards, with the agency's reason (the voidInstalment
 * machine): a "Void" button on each instalment the `instalment` machine lets the agency void,
 * then the reason and a confirmation.
 */
export function useVoidInstalment(requestId: string) {
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = adminPaymentEffects(requestId, queryClient)
    return voidInstalmentMachine.provide({
      actors: { voidInstalment: fromPromise(({ input }) => effects.void(input)) },
    })
  })
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  useSecondFactorSetup(snapshot.matches('secondFactor'))
  const { t } = useLingui()
  const button = (instalment: Instalment) =>
    allowedInstalmentActions(instalment.state).includes('void') ? (
      <button
        type="button"
        className="button"
        aria-label={t`Void instalment ${instalment.folio}`}
        onClick={() =>
          send({
            type: 'choose',
            target: { instalmentId: instalment.id, folio: instalment.folio },
          })
        }
      >
        <Trans>Void instalment</Trans>
      </button>
    ) : null
  return { snapshot, send, button }
}

export function VoidInstalmentForm({
  voiding,
}: {
  readonly voiding: ReturnType<typeof useVoidInstalment>
}) {
  const { snapshot, send } = voiding
  const { t } = useLingui()
  const state = String(snapshot.value)
  const { context } = snapshot
  const ref = useRef<HTMLDivElement>(null)
  useFocusOnView(state, (view) => {
    if (view === 'editing') return ref.current?.querySelector<HTMLElement>('textarea')
    if (['voided', 'refused', 'failed'].includes(view))
      return ref.current?.querySelector<HTMLElement>('[role="status"]')
    return undefined
  })
  const folio = context.target?.folio ?? ''
  const reasonError =
    context.serverFieldErrors.reason ??
    (context.refusedSubmissions > 0
      ? t`Say why the instalment is voided, in up to 500 characters.`
      : undefined)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (state === 'voiding') return
    send({
      type: 'submit',
      values: { reason: submittedText(new FormData(event.currentTarget), 'reason') },
    })
  }
  const status =
    state === 'voiding' ? (
      <Trans>Voiding the instalment…</Trans>
    ) : state === 'voided' || state === 'refused' ? (
      context.message
    ) : state === 'failed' ? (
      (context.message ?? <Trans>The instalment could not be voided. Please try again.</Trans>)
    ) : null
  const editing = state === 'editing' || state === 'checking' || state === 'voiding'
  return (
    <div ref={ref} className="admin-payments-void">
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {state === 'failed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {editing ? (
        <form
          noValidate
          onSubmit={submit}
          aria-label={t`Void ${folio}`}
          aria-busy={state === 'voiding'}
        >
          <FormField
            form="void"
            name="reason"
            label={<Trans>Why is {folio} no longer owed?</Trans>}
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
            <button
              type="submit"
              className="button button-danger"
              aria-disabled={state === 'voiding'}
            >
              <Trans>Void the instalment</Trans>
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={state === 'voiding'}
              onClick={() => {
                if (state !== 'voiding') send({ type: 'cancel' })
              }}
            >
              <Trans>Keep it</Trans>
            </button>
          </p>
        </form>
      ) : null}
    </div>
  )
}
