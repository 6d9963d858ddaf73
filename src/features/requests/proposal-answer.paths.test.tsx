import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure, Proposal, ServiceRequestSummary } from '../../../domain/api/api-contract'
import { proposalAnswerMachine } from '../../../machines/proposal-answer-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { myRequestsRead } from '../../../tests/doubles/my-requests-answers'
import {
  acceptedProposal,
  awaitingRequest,
  clientProposal,
  currentProposalRead,
  declinedProposal,
  declineReason,
  proposalAnswerPathEvents,
  proposalAnswerPossible,
} from '../../../tests/doubles/proposal-answer-answers'
import { movedRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const listPath = '/api/v1/me/service-requests'
const proposalsPath = `${listPath}/${awaitingRequest.id}/proposals`

let request: ServiceRequestSummary = awaitingRequest
let proposal: Proposal = clientProposal

async function answerReads() {
  const list = myRequestsRead(request)
  ;(await network.next(listPath)).respond(list.status, list.body)
  const current = currentProposalRead(proposal)
  ;(await network.next(proposalsPath)).respond(current.status, current.body)
}

/** Answers the call, then the request and the proposal read again. */
async function answer(
  path: string,
  respond: (call: Awaited<ReturnType<typeof network.next>>) => void,
) {
  const call = await network.next(path)
  expect(call.method).toBe('POST')
  expect(call.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
  respond(call)
  const current = currentProposalRead(proposal)
  ;(await network.next(proposalsPath)).respond(current.status, current.body)
  const list = myRequestsRead(request)
  ;(await network.next(listPath)).respond(list.status, list.body)
}

/** A 409 or 410: the proposal the client answered is not the one to answer any more. */
const noLongerOpen = (failure: CallFailure) =>
  failure.response?.status === 409 || failure.response?.status === 410

const section = () => screen.getByRole('region', { name: 'Our proposal' })
const status = () => within(section()).getByRole('status')
const button = (name: string | RegExp) => within(section()).getByRole('button', { name })

testMachinePaths(proposalAnswerMachine, {
  render: async () => {
    network = installFakeNetwork()
    request = awaitingRequest
    proposal = clientProposal
    const view = await renderSignedIn(`/my-services/${awaitingRequest.id}`)
    await answerReads()
    await screen.findByRole('region', { name: 'Our proposal' }, { timeout: 10_000 })
    return view
  },
  events: proposalAnswerPathEvents,
  possible: proposalAnswerPossible,
  // A cancel after a refused acceptance, and a retry after a failure that showed the server's
  // text, must forget them, not only on an untouched form.
  fromEveryContext: true,
  exec: {
    accept: ({ user }) => user.click(button('Accept this proposal')),
    decline: ({ user }) => user.click(button('Decline')),
    cancel: ({ user }) => user.click(button('Cancel')),
    submitAcceptance: async ({ user }, event) => {
      const name = within(section()).getByLabelText('Your full name')
      await user.clear(name)
      await user.type(name, event.values.fullName)
      const tick = within(section()).getByLabelText<HTMLInputElement>('I accept this proposal')
      if (tick.checked !== event.values.agreed) await user.click(tick)
      await user.click(button('Accept and start the work'))
    },
    submitDecline: async ({ user }, event) => {
      const reason = within(section()).getByLabelText('Why are you declining? (optional)')
      await user.clear(reason)
      await user.type(reason, event.values.reason)
      await user.click(button('Decline the proposal'))
    },
    retry: ({ user }) => user.click(button('Try again')),
    view: ({ user }) => user.click(button('Show the current proposal')),
    'xstate.done.actor.acceptProposal': (_, event) =>
      answer(`${proposalsPath}/${clientProposal.id}/accept`, (call) => {
        expect(call.body).toEqual({ fullName: 'Ana García', accept: true })
        proposal = acceptedProposal
        request = movedRequest(awaitingRequest, 'inProgress', '', 'client')
        call.respond(200, event.output)
      }),
    'xstate.error.actor.acceptProposal': (_, event) =>
      answer(`${proposalsPath}/${clientProposal.id}/accept`, (call) => {
        const failure = event.error as CallFailure
        if (noLongerOpen(failure))
          proposal = { ...clientProposal, state: 'superseded', actions: [] }
        call.failWith(failure)
      }),
    'xstate.done.actor.declineProposal': (_, event) =>
      answer(`${proposalsPath}/${clientProposal.id}/decline`, (call) => {
        expect(call.body).toEqual({ reason: declineReason })
        proposal = declinedProposal
        request = movedRequest(awaitingRequest, 'inReview', '', 'client')
        call.respond(200, event.output)
      }),
    'xstate.error.actor.declineProposal': (_, event) =>
      answer(`${proposalsPath}/${clientProposal.id}/decline`, (call) => {
        const failure = event.error as CallFailure
        if (noLongerOpen(failure)) proposal = { ...clientProposal, state: 'withdrawn', actions: [] }
        call.failWith(failure)
      }),
  },
  states: {
    viewing: async () => {
      await waitFor(() => expect(within(section()).getByText('MX$14,500.00')).toBeTruthy())
      // The payment plan the client accepts with it: each instalment, when due, its amount.
      const plan = within(section()).getByRole('table', { name: 'Payment plan' })
      expect(
        within(plan)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual(['1 (50 %)On acceptanceMX$7,250.00', '2 (50 %)On deliveryMX$7,250.00'])
      // Answers are offered only while the proposal machine allows them (not once superseded).
      const offered = within(section()).queryByRole('button', { name: 'Accept this proposal' })
      expect(offered !== null).toBe(proposal.actions.includes('accept'))
      expect(
        within(section()).getByRole('link', { name: 'Download the proposal (PDF, v1)' }),
      ).toBeTruthy()
    },
    accepting: async ({ snapshot }) => {
      const name = await within(section()).findByLabelText<HTMLInputElement>('Your full name')
      expect(name.value).toBe(snapshot.context.acceptance.fullName)
      if (snapshot.context.refusedSubmissions > 0 && !snapshot.context.acceptance.agreed)
        expect(within(section()).getByText('Tick the box to accept.')).toBeTruthy()
    },
    declining: async ({ snapshot }) => {
      const reason = await within(section()).findByLabelText<HTMLTextAreaElement>(
        'Why are you declining? (optional)',
      )
      expect(reason.value).toBe(snapshot.context.decline.reason)
    },
    submittingAcceptance: () =>
      waitFor(() => expect(status().textContent).toBe('Recording your acceptance…')),
    submittingDecline: () =>
      waitFor(() => expect(status().textContent).toBe('Sending your answer…')),
    accepted: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe('You accepted the proposal. We start the work.'),
      )
      await waitFor(() =>
        expect(within(section()).getByText(/^Accepted by Ana García on /)).toBeTruthy(),
      )
      expect(within(section()).queryByRole('button', { name: 'Accept this proposal' })).toBeNull()
    },
    declined: () => waitFor(() => expect(status().textContent).toBe('You declined the proposal.')),
    refused: async ({ snapshot }) => {
      await waitFor(() => expect(status().textContent).toBe(snapshot.context.message))
      button('Show the current proposal')
    },
    failed: ({ snapshot }) =>
      waitFor(() =>
        expect(status().textContent).toBe(
          snapshot.context.message ?? 'Your answer could not be sent. Please try again.',
        ),
      ),
  },
})
