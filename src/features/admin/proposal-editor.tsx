import { Trans } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { proposalEditorMachine, revises } from '../../../machines/proposal-editor-machine'
import { useFocusOnView } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { ProposalDocument } from '../../ui/proposal/proposal-document'
import {
  ProposalAcceptanceLine,
  ProposalStatusLine,
  useMoney,
} from '../../ui/proposal/proposal-status'
import {
  adminProposalEffects,
  adminProposalsQueryOptions,
  newestProposal,
} from './api/proposal-effects'
import { DraftForm } from './proposal-draft-form'
import '../../ui/form-field.css'
import '../../ui/proposal/proposal.css'

/**
 * The "Proposal" section of a request's detail (the proposalEditor machine): the current
 * proposal as the server computed it, its versions, and what the `proposal` machine lets the
 * agency do with it — draft or edit, send (after a confirmation), revise into a new version,
 * withdraw.
 */
export function ProposalEditor({
  requestId,
  clientEmail,
}: {
  readonly requestId: string
  readonly clientEmail: string
}) {
  const queryClient = useQueryClient()
  const [machine] = useState(() => {
    const effects = adminProposalEffects(requestId, queryClient)
    return proposalEditorMachine.provide({
      actors: {
        loadProposal: fromPromise(() => effects.load()),
        saveDraft: fromPromise(({ input }) => effects.save(input)),
        sendProposal: fromPromise(({ input }) => effects.send(input)),
        withdrawProposal: fromPromise(({ input }) => effects.withdraw(input)),
      },
    })
  })
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const proposals = useQuery(adminProposalsQueryOptions(requestId))
  const money = useMoney()
  const state = String(snapshot.value)
  const { context } = snapshot
  const sectionRef = useRef<HTMLElement>(null)
  useFocusOnView(state, (view, from) => {
    const section = sectionRef.current
    if (view === 'editing') return section?.querySelector<HTMLElement>('input')
    if (view === 'confirmingSend' || view === 'confirmingWithdraw')
      return section?.querySelector<HTMLElement>('.proposal-confirm button')
    // The first view after loading is where the agency arrives by opening the request: focus
    // stays where it is (the page is not scrolled down to the proposal).
    if (view === 'showing' && from === 'loading') return undefined
    if (view === 'showing' || view === 'actionFailed' || view === 'failed') {
      const status = section?.querySelector<HTMLElement>('[role="status"]')
      if (status?.textContent?.trim()) return status
      // Nothing to announce (a cancelled edit): the section's first action takes focus instead.
      return section?.querySelector<HTMLElement>('.form-actions button')
    }
    return undefined
  })

  const newest = proposals.data ? newestProposal(proposals.data.proposals) : undefined
  const status =
    state === 'loading' ? (
      <Trans>Loading the proposal…</Trans>
    ) : state === 'loadFailed' ? (
      <Trans>The proposal could not be loaded.</Trans>
    ) : state === 'saving' ? (
      <Trans>Saving the draft…</Trans>
    ) : state === 'sending' ? (
      <Trans>Sending the proposal…</Trans>
    ) : state === 'withdrawing' ? (
      <Trans>Withdrawing the proposal…</Trans>
    ) : state === 'failed' ? (
      (context.message ?? <Trans>The draft could not be saved. Please try again.</Trans>)
    ) : state === 'actionFailed' ? (
      (context.message ?? <Trans>That did not work. Please reload the proposal.</Trans>)
    ) : state === 'showing' ? (
      context.message
    ) : null

  return (
    <section ref={sectionRef} className="proposal-section" aria-labelledby="proposal-heading">
      <h3 id="proposal-heading">
        <Trans>Proposal</Trans>
      </h3>
      <p role="status" className="form-status" tabIndex={-1}>
        {status}
      </p>
      {state === 'loadFailed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {state === 'actionFailed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'reload' })}>
          <Trans>Reload the proposal</Trans>
        </button>
      ) : null}
      {state === 'failed' ? (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      {['showing', 'confirmingSend', 'confirmingWithdraw', 'sending', 'withdrawing'].includes(
        state,
      ) ? (
        newest ? (
          <ProposalDocument
            proposal={newest}
            money={money}
            level={4}
            headingId="proposal-current-heading"
            status={
              <>
                <ProposalStatusLine state={newest.state} />
                {newest.acceptance ? (
                  <ProposalAcceptanceLine acceptance={newest.acceptance} />
                ) : null}
              </>
            }
          />
        ) : (
          <p>
            <Trans>No proposal yet.</Trans>
          </p>
        )
      ) : null}
      {state === 'showing' ? (
        <p className="form-actions">
          {snapshot.can({ type: 'edit' }) ? (
            <button type="button" className="button" onClick={() => send({ type: 'edit' })}>
              {context.current === undefined ? (
                <Trans>Draft a proposal</Trans>
              ) : revises(context.current) ? (
                <Trans>Revise (new version)</Trans>
              ) : (
                <Trans>Edit the draft</Trans>
              )}
            </button>
          ) : null}
          {snapshot.can({ type: 'send' }) ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => send({ type: 'send' })}
            >
              <Trans>Send to the client</Trans>
            </button>
          ) : null}
          {snapshot.can({ type: 'withdraw' }) ? (
            <button type="button" className="button" onClick={() => send({ type: 'withdraw' })}>
              <Trans>Withdraw</Trans>
            </button>
          ) : null}
        </p>
      ) : null}
      {state === 'confirmingSend' || state === 'sending' ? (
        <div className="proposal-confirm">
          <p id="proposal-confirm-send">
            <Trans>
              Send version {context.current?.version} to {clientEmail}? The client is mailed a link
              and the request moves to “Proposal sent”.
            </Trans>
          </p>
          <p className="form-actions">
            <button
              type="button"
              className="button button-primary"
              aria-disabled={state === 'sending'}
              onClick={() => send({ type: 'confirm' })}
            >
              <Trans>Yes, send it</Trans>
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={state === 'sending'}
              onClick={() => send({ type: 'cancel' })}
            >
              <Trans>Not yet</Trans>
            </button>
          </p>
        </div>
      ) : null}
      {state === 'confirmingWithdraw' || state === 'withdrawing' ? (
        <div className="proposal-confirm">
          <p id="proposal-confirm-withdraw">
            <Trans>
              Withdraw version {context.current?.version}? The client can no longer accept it and
              the request goes back to “In review”.
            </Trans>
          </p>
          <p className="form-actions">
            <button
              type="button"
              className="button button-danger"
              aria-disabled={state === 'withdrawing'}
              onClick={() => send({ type: 'confirm' })}
            >
              <Trans>Yes, withdraw it</Trans>
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={state === 'withdrawing'}
              onClick={() => send({ type: 'cancel' })}
            >
              <Trans>Keep it</Trans>
            </button>
          </p>
        </div>
      ) : null}
      {['editing', 'checking', 'saving'].includes(state) ? (
        <DraftForm
          context={context}
          busy={state === 'saving'}
          onAdd={() => send({ type: 'addItem' })}
          onRemove={(key) => send({ type: 'removeItem', key })}
          onAddInstalment={() => send({ type: 'addInstalment' })}
          onRemoveInstalment={(key) => send({ type: 'removeInstalment', key })}
          onCancel={() => send({ type: 'cancel' })}
          onSave={(values) => send({ type: 'save', values })}
          money={money}
        />
      ) : null}
      {proposals.data && proposals.data.proposals.length > 0 ? (
        <>
          <h4>
            <Trans>Versions</Trans>
          </h4>
          <ol className="proposal-versions">
            {proposals.data.proposals.map((version) => (
              <li key={version.id}>
                v{version.version} — <ProposalStatusLine state={version.state} inline />
                {version.current ? (
                  <>
                    {' '}
                    <strong>
                      <Trans>(the client’s current version)</Trans>
                    </strong>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}
