import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import type { Instalment } from '../../../domain/api/payments-endpoints'
import { copyTextMachine } from '../../../machines/copy-text-machine'
import { LoadState } from '../../ui/load-state'
import { inspectorOptions } from '../../ui/machine-inspector'
import {
  InstalmentsTable,
  PaymentsReceived,
  PaymentsSummary,
} from '../../ui/payments/payments-view'
import { useMoney } from '../../ui/proposal/proposal-status'
import { useArrivalTarget } from '../../ui/use-arrival-target'
import { myPaymentsQueryOptions } from './api/payments-queries'
import { myProposalQueryOptions } from './api/proposal-effects'
import { OxxoVoucherCard, PayOnlineButtons, PayOnlineStatus, usePayOnline } from './pay-online'

/** The browser's clipboard; a browser without one (or refusing it) fails the copy. */
async function writeToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('No clipboard')
  await navigator.clipboard.writeText(text)
}

/**
 * The "Payments" section of a client's request, once its proposal with a payment plan is
 * accepted: what is due now and how to pay it by SPEI (bank, beneficiary, CLABE and the
 * instalment's own reference, each to copy with one press, announced to screen readers), every
 * instalment, the payments received and the credit (the copyText machine). With card payments
 * set up, each due instalment can be paid on Stripe's page, and a pending OXXO voucher is shown
 * (the payOnline machine, `pay-online.tsx`).
 */
export function PaymentsSection({ requestId }: { readonly requestId: string }) {
  const proposal = useQuery(myProposalQueryOptions(requestId))
  const planned = proposal.data?.state === 'accepted' && proposal.data.paymentPlan !== null
  const payments = useQuery({ ...myPaymentsQueryOptions(requestId), enabled: planned })
  const [machine] = useState(() =>
    copyTextMachine.provide({
      actors: { copyText: fromPromise(({ input }) => writeToClipboard(input)) },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const paying = usePayOnline(requestId)
  const money = useMoney()
  const { t } = useLingui()
  // A link to `#payments-heading` (the client's list: "Due now") lands on the payments.
  useArrivalTarget('payments-heading', planned && payments.data !== undefined)
  if (!planned) return null

  // What was copied, by the machine's field: the CLABE, or an instalment's reference.
  const copied = snapshot.context.field ?? ''
  const folio = copied.startsWith('reference:') ? copied.slice('reference:'.length) : ''
  const copiedName = copied === 'clabe' ? t`CLABE` : t`reference for ${folio}`
  const status = snapshot.matches('copied') ? (
    <Trans>Copied: {copiedName}</Trans>
  ) : snapshot.matches('failed') ? (
    <Trans>The {copiedName} could not be copied: select it and copy it instead.</Trans>
  ) : null

  const copyButton = (field: string, text: string, label: string) => (
    <button
      type="button"
      className="button"
      aria-label={label}
      onClick={() => send({ type: 'copy', field, text })}
    >
      <Trans>Copy</Trans>
    </button>
  )

  const data = payments.data
  const owed = data?.instalments.filter(
    (instalment) => instalment.state === 'due' || instalment.state === 'partlyPaid',
  )
  return (
    <section className="request-card payments-section" aria-labelledby="payments-heading">
      <h2 id="payments-heading">
        <Trans>Payments</Trans>
      </h2>
      <p role="status" className="form-status">
        {status}
      </p>
      {!data ? (
        <LoadState
          failed={payments.isError}
          loading={<Trans>Loading your payments…</Trans>}
          failure={<Trans>Your payments could not be loaded.</Trans>}
          onRetry={() => void payments.refetch()}
        />
      ) : (
        <>
          <PaymentsSummary payments={data} money={money} />
          <h3>
            <Trans>Due now</Trans>
          </h3>
          {owed && owed.length > 0 ? (
            <>
              <ul className="payments-due">
                {owed.map((instalment) => (
                  <li key={instalment.id}>
                    <DueLine instalment={instalment} money={money} />
                    {instalment.oxxoVoucher ? (
                      <OxxoVoucherCard
                        instalment={instalment}
                        voucher={instalment.oxxoVoucher}
                        money={money}
                      />
                    ) : null}
                    {data.onlinePayments ? (
                      <PayOnlineButtons instalment={instalment} paying={paying} />
                    ) : null}
                  </li>
                ))}
              </ul>
              {data.onlinePayments ? <PayOnlineStatus paying={paying} /> : null}
              {data.spei ? (
                <>
                  <h3>
                    <Trans>How to pay by SPEI transfer</Trans>
                  </h3>
                  <p>
                    <Trans>
                      Send the amount from your bank’s app to this account, with the instalment’s
                      reference as the transfer’s numeric reference.
                    </Trans>
                  </p>
                  <dl className="payments-spei">
                    <dt>
                      <Trans>Bank</Trans>
                    </dt>
                    <dd>{data.spei.bank}</dd>
                    <dt>
                      <Trans>Beneficiary</Trans>
                    </dt>
                    <dd>{data.spei.beneficiary}</dd>
                    <dt>
                      <Trans>CLABE</Trans>
                    </dt>
                    <dd>
                      <span className="payments-value">{data.spei.clabe}</span>
                      {copyButton('clabe', data.spei.clabe, t`Copy the CLABE`)}
                    </dd>
                    {owed.map((instalment) => (
                      <Reference
                        key={instalment.id}
                        instalment={instalment}
                        copy={(text, label) =>
                          copyButton(`reference:${instalment.folio}`, text, label)
                        }
                      />
                    ))}
                  </dl>
                </>
              ) : (
                <p>
                  <Trans>Write to us in the conversation below to learn how to pay.</Trans>
                </p>
              )}
            </>
          ) : (
            <p>
              <Trans>Nothing is due now.</Trans>
            </p>
          )}
          <h3>
            <Trans>Instalments</Trans>
          </h3>
          <InstalmentsTable instalments={data.instalments} money={money} />
          <h3>
            <Trans>Payments received</Trans>
          </h3>
          <PaymentsReceived payments={data.payments} money={money} />
        </>
      )}
    </section>
  )
}

function DueLine({
  instalment,
  money,
}: {
  readonly instalment: Instalment
  readonly money: (centavos: number) => string
}) {
  const folio = instalment.folio
  const outstanding = money(instalment.outstanding)
  return instalment.state === 'partlyPaid' ? (
    <Trans>
      {folio}: {outstanding} still to pay (partly paid)
    </Trans>
  ) : (
    <Trans>
      {folio}: {outstanding} to pay
    </Trans>
  )
}

function Reference({
  instalment,
  copy,
}: {
  readonly instalment: Instalment
  readonly copy: (text: string, label: string) => React.ReactNode
}) {
  const { t } = useLingui()
  const folio = instalment.folio
  return (
    <>
      <dt>
        <Trans>Reference for {folio}</Trans>
      </dt>
      <dd>
        <span className="payments-value">{instalment.speiReference}</span>
        {copy(instalment.speiReference, t`Copy the reference for ${folio}`)}
      </dd>
    </>
  )
}
