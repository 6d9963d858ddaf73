import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useId, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { agencyTimeZone } from '../../../domain/agency-day'
import type { Instalment, OxxoVoucher } from '../../../domain/api/payments-endpoints'
import { type PayOnlineMethod, payOnlineMachine } from '../../../machines/pay-online-machine'
import { useFocusOnView } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { myCheckoutEffects } from './api/payments-queries'

/**
 * Paying a due instalment online (the payOnline machine): "Pay by card" and "Pay in cash at
 * OXXO" ask the server for Stripe's hosted page and the browser goes there; what went wrong is
 * said in the part's own live region, which takes the focus. Stripe's page offers both ways;
 * the button says which one the client means.
 */
export function usePayOnline(requestId: string) {
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = myCheckoutEffects(requestId, queryClient)
    return payOnlineMachine.provide({
      actors: { openCheckout: fromPromise(({ input }) => effects.open(input.instalmentId)) },
      actions: { goToCheckout: (_, { url }) => window.location.assign(url) },
    })
  })
  return useMachine(machine, inspectorOptions)
}

type Paying = ReturnType<typeof usePayOnline>

/** The two ways to pay one instalment online. */
export function PayOnlineButtons({
  instalment,
  paying,
}: {
  readonly instalment: Instalment
  readonly paying: Paying
}) {
  const [snapshot, send] = paying
  const { t } = useLingui()
  const folio = instalment.folio
  // Each name starts with the button's text (what a voice user says), then the instalment.
  const busy = snapshot.matches('opening') || snapshot.matches('leaving')
  const button = (method: PayOnlineMethod, label: string, text: React.ReactNode) => (
    <button
      type="button"
      className={method === 'card' ? 'button button-primary' : 'button'}
      aria-label={label}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) send({ type: 'pay', target: { instalmentId: instalment.id, folio, method } })
      }}
    >
      {text}
    </button>
  )
  return (
    <p className="form-actions payments-online-actions">
      {button('card', t`Pay by card: ${folio}`, <Trans>Pay by card</Trans>)}
      {button('oxxo', t`Pay in cash at OXXO: ${folio}`, <Trans>Pay in cash at OXXO</Trans>)}
    </p>
  )
}

/** Where the online payment stands: on the way to Stripe, or why it could not go. */
export function PayOnlineStatus({ paying }: { readonly paying: Paying }) {
  const [snapshot] = paying
  const state = String(snapshot.value)
  const { context } = snapshot
  const ref = useRef<HTMLDivElement>(null)
  useFocusOnView(state, (view) =>
    view === 'idle' || view === 'opening'
      ? undefined
      : ref.current?.querySelector<HTMLElement>('[role="status"]'),
  )
  const folio = context.target?.folio ?? ''
  const status =
    state === 'opening' ? (
      <Trans>Opening Stripe’s secure payment page…</Trans>
    ) : state === 'leaving' ? (
      <Trans>Taking you to Stripe’s secure payment page…</Trans>
    ) : state === 'notOwed' ? (
      (context.message ?? <Trans>Nothing is owed on {folio} now.</Trans>)
    ) : state === 'unavailable' ? (
      (context.message ?? (
        <Trans>
          Card and OXXO payments are not answering just now. Try again in a few minutes, or pay by
          SPEI transfer.
        </Trans>
      ))
    ) : state === 'failed' ? (
      <Trans>Stripe’s page could not be opened. Check your connection and try again.</Trans>
    ) : null
  return (
    <div ref={ref} className="payments-online">
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {state === 'leaving' && context.url ? (
        <p>
          <a href={context.url}>
            <Trans>Continue to Stripe’s payment page</Trans>
          </a>
        </p>
      ) : null}
    </div>
  )
}

/** A voucher chosen on Stripe's page and not paid yet: what to take to an OXXO shop. */
export function OxxoVoucherCard({
  instalment,
  voucher,
  money,
}: {
  readonly instalment: Instalment
  readonly voucher: OxxoVoucher
  readonly money: (centavos: number) => string
}) {
  const { i18n } = useLingui()
  const headingId = useId()
  const folio = instalment.folio
  const expired = voucher.expiresAt !== null && Date.parse(voucher.expiresAt) <= Date.now()
  const expiry =
    voucher.expiresAt === null
      ? null
      : i18n.date(new Date(voucher.expiresAt), {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: agencyTimeZone,
        })
  return (
    <section className="payments-oxxo" aria-labelledby={headingId}>
      <p id={headingId} className="payments-oxxo-state">
        {expired ? (
          <Trans>The OXXO voucher for {folio} has expired: pay by card or get a new voucher.</Trans>
        ) : (
          <Trans>Waiting for your cash payment at OXXO for {folio}.</Trans>
        )}
      </p>
      <dl className="payments-spei">
        <dt>
          <Trans>Voucher reference</Trans>
        </dt>
        <dd>
          <span className="payments-value">{voucher.number}</span>
        </dd>
        <dt>
          <Trans>Amount to pay</Trans>
        </dt>
        <dd>{money(instalment.outstanding)}</dd>
        {expiry ? (
          <>
            <dt>
              <Trans>Pay before</Trans>
            </dt>
            <dd>{expiry}</dd>
          </>
        ) : null}
      </dl>
      {voucher.url && !expired ? (
        <p>
          <a href={voucher.url} target="_blank" rel="noopener noreferrer">
            <Trans>Show the voucher to print or take to the shop (Stripe, opens a new tab)</Trans>
          </a>
        </p>
      ) : null}
    </section>
  )
}
