import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { proposalAnswerMachine } from '../../../machines/proposal-answer-machine'
import { submittedText, useFocusOnView } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { ProposalDocument } from '../../ui/proposal/proposal-document'
import {
  ProposalAcceptanceLine,
  ProposalStatusLine,
  useMoney,
} from '../../ui/proposal/proposal-status'
import { useArrivalTarget } from '../../ui/use-arrival-target'
import {
  clientProposalEffects,
  myProposalQueryOptions,
  proposalPdfHref,
} from './api/proposal-effects'
import '../../ui/form-field.css'
import '../../ui/proposal/proposal.css'
import './requests.css'

/**
 * The current proposal of one of the client's requests (the proposalAnswer machine): the
 * document in the client's language, its PDF, and — while the `proposal` machine lets the
 * client answer it — acceptance (full name typed, "I accept this proposal" ticked) or a
 * decline with an optional reason; once accepted, the record of who accepted it and when.
 */
export function ProposalAnswer({ requestId }: { readonly requestId: string }) {
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = clientProposalEffects(requestId, queryClient)
    return proposalAnswerMachine.provide({
      actors: {
        acceptProposal: fromPromise(({ input }) => effects.accept(input)),
        declineProposal: fromPromise(({ input }) => effects.decline(input)),
      },
    })
  })
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const proposal = useQuery(myProposalQueryOptions(requestId))
  const money = useMoney()
  const state = String(snapshot.value)
  const { context } = snapshot
  const sectionRef = useRef<HTMLElement>(null)
  useFocusOnView(state, (view) => {
    const section = sectionRef.current
    if (view === 'accepting' || view === 'declining')
      return section?.querySelector<HTMLElement>(
        context.refusedSubmissions > 0 ? '[aria-invalid="true"]' : 'form input, form textarea',
      )
    if (['accepted', 'declined', 'refused', 'failed', 'viewing'].includes(view))
      return section?.querySelector<HTMLElement>('[role="status"]')
    return undefined
  })

  const current = proposal.data
  // A link to `#proposal-heading` (the client's list, the proposal mail) lands on the proposal.
  useArrivalTarget('proposal-heading', current !== undefined)
  if (!current) return null
  const status =
    state === 'submittingAcceptance' ? (
      <Trans>Recording your acceptance…</Trans>
    ) : state === 'submittingDecline' ? (
      <Trans>Sending your answer…</Trans>
    ) : state === 'accepted' ? (
      (context.message ?? <Trans>You accepted the proposal. We start the work.</Trans>)
    ) : state === 'declined' ? (
      (context.message ?? <Trans>You declined the proposal. We will be in touch.</Trans>)
    ) : state === 'refused' ? (
      (context.message ?? <Trans>This proposal can no longer be answered.</Trans>)
    ) : state === 'failed' ? (
      (context.message ?? <Trans>Your answer could not be sent. Please try again.</Trans>)
    ) : null
  const outcome = state === 'accepted' || state === 'declined' || current.acceptance !== null
  const answerable =
    current.actions.includes('accept') && ['viewing', 'accepting', 'declining'].includes(state)
  const busy = state === 'submittingAcceptance' || state === 'submittingDecline'

  return (
    <section
      ref={sectionRef}
      className="request-card proposal-section proposal-answer"
      aria-labelledby="proposal-heading"
    >
      <h2 id="proposal-heading">
        <Trans>Our proposal</Trans>
      </h2>
      {/* The outcome and the acceptance record in one callout; the live region is always there. */}
      <div className={outcome ? 'request-outcome proposal-outcome' : undefined}>
        <p role="status" className="form-status" tabIndex={-1}>
          {status}
        </p>
        {current.acceptance ? <ProposalAcceptanceLine acceptance={current.acceptance} /> : null}
      </div>
      <ProposalDocument
        proposal={current}
        money={money}
        level={3}
        headingId="proposal-title"
        status={
          <>
            <ProposalStatusLine state={current.state} />
            <p className="proposal-download">
              <a className="button" href={proposalPdfHref(current)} download>
                <Trans>Download the proposal (PDF, v{current.version})</Trans>
              </a>
            </p>
          </>
        }
      />
      {state === 'refused' ? (
        <button type="button" className="button" onClick={() => send({ type: 'view' })}>
          <Trans>Show the current proposal</Trans>
        </button>
      ) : null}
      {state === 'failed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {answerable && state === 'viewing' ? (
        <p className="form-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => send({ type: 'accept' })}
          >
            <Trans>Accept this proposal</Trans>
          </button>
          <button type="button" className="button" onClick={() => send({ type: 'decline' })}>
            <Trans>Decline</Trans>
          </button>
        </p>
      ) : null}
      {state === 'accepting' || state === 'submittingAcceptance' ? (
        <AcceptForm
          values={context.acceptance}
          refused={context.refusedSubmissions > 0}
          busy={busy}
          onSubmit={(values) => send({ type: 'submitAcceptance', values })}
          onCancel={() => send({ type: 'cancel' })}
        />
      ) : null}
      {state === 'declining' || state === 'submittingDecline' ? (
        <DeclineForm
          reason={context.decline.reason}
          busy={busy}
          onSubmit={(reason) => send({ type: 'submitDecline', values: { reason } })}
          onCancel={() => send({ type: 'cancel' })}
        />
      ) : null}
    </section>
  )
}

function AcceptForm({
  values,
  refused,
  busy,
  onSubmit,
  onCancel,
}: {
  readonly values: { readonly fullName: string; readonly agreed: boolean }
  readonly refused: boolean
  readonly busy: boolean
  readonly onSubmit: (values: { fullName: string; agreed: boolean }) => void
  readonly onCancel: () => void
}) {
  const { t } = useLingui()
  const nameWrong = refused && values.fullName.trim().length < 2
  const tickMissing = refused && !values.agreed
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    onSubmit({ fullName: submittedText(data, 'fullName'), agreed: data.get('agreed') === 'yes' })
  }
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} aria-label={t`Accept the proposal`}>
      <div className={nameWrong ? 'form-field form-field-invalid' : 'form-field'}>
        <label htmlFor="acceptance-name">
          <Trans>Your full name</Trans>
        </label>
        <input
          id="acceptance-name"
          name="fullName"
          type="text"
          autoComplete="name"
          maxLength={200}
          defaultValue={values.fullName}
          aria-invalid={nameWrong}
          aria-describedby={nameWrong ? 'acceptance-name-error' : undefined}
        />
        {nameWrong ? (
          <p id="acceptance-name-error" className="form-error">
            <Trans>Type your full name as a signature.</Trans>
          </p>
        ) : null}
      </div>
      <div className={tickMissing ? 'form-check form-field-invalid' : 'form-check'}>
        <input
          id="acceptance-agreed"
          name="agreed"
          type="checkbox"
          value="yes"
          defaultChecked={values.agreed}
          aria-invalid={tickMissing}
          aria-describedby={tickMissing ? 'acceptance-agreed-error' : undefined}
        />
        <label htmlFor="acceptance-agreed">
          <Trans>I accept this proposal</Trans>
        </label>
        {tickMissing ? (
          <p id="acceptance-agreed-error" className="form-error">
            <Trans>Tick the box to accept.</Trans>
          </p>
        ) : null}
      </div>
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Accepting…</Trans> : <Trans>Accept and start the work</Trans>}
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

function DeclineForm({
  reason,
  busy,
  onSubmit,
  onCancel,
}: {
  readonly reason: string
  readonly busy: boolean
  readonly onSubmit: (reason: string) => void
  readonly onCancel: () => void
}) {
  const { t } = useLingui()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    onSubmit(submittedText(new FormData(event.currentTarget), 'reason'))
  }
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} aria-label={t`Decline the proposal`}>
      <div className="form-field">
        <label htmlFor="decline-reason">
          <Trans>Why are you declining? (optional)</Trans>
        </label>
        <textarea
          id="decline-reason"
          name="reason"
          rows={3}
          maxLength={2000}
          defaultValue={reason}
        />
      </div>
      <p className="form-actions">
        <button type="submit" className="button button-danger" aria-disabled={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Decline the proposal</Trans>}
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
