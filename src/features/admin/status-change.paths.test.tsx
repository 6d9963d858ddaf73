import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { AdminServiceRequest, CallFailure } from '../../../domain/api/api-contract'
import { allowedChanges } from '../../../machines/service-request-machine'
import { statusChangeMachine } from '../../../machines/status-change-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { adminPaymentsRead, noPayments } from '../../../tests/doubles/payments-answers'
import { proposalsRead } from '../../../tests/doubles/proposal-editor-answers'
import {
  movedElsewhereRequest,
  requestDetailRead,
  reviewedRequest,
  statusChangePathEvents,
  statusNote,
} from '../../../tests/doubles/status-change-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const detailPath = `/api/v1/admin/service-requests/${adminRequest.id}`
const note = statusNote
const reviewed = reviewedRequest

/** What the server holds now (each path starts from a received request). */
let onServer: AdminServiceRequest = adminRequest

async function answerDetail() {
  const request = await network.next(detailPath)
  expect(request.method).toBe('GET')
  const read = requestDetailRead(onServer)
  request.respond(read.status, read.body)
}

/**
 * The detail's proposal and payments sections read their proposals and ledger (none here) with
 * the request again.
 */
async function answerProposals() {
  const read = proposalsRead([])
  ;(await network.next(`${detailPath}/proposals`)).respond(read.status, read.body)
  const ledger = adminPaymentsRead(noPayments)
  ;(await network.next(`${detailPath}/payments`)).respond(ledger.status, ledger.body)
}

const section = () => screen.getByRole('region', { name: 'Change the status' })
const status = () => within(section()).getByRole('status')
const statusBadge = () => document.querySelector('.admin-detail .status-badge')?.textContent

testMachinePaths(statusChangeMachine, {
  render: async () => {
    network = installFakeNetwork()
    onServer = adminRequest
    const view = await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
    await answerDetail()
    await answerDetail()
    await answerProposals()
    await screen.findByRole('button', { name: 'Change status' }, { timeout: 10_000 })
    return view
  },
  events: statusChangePathEvents,
  // A cancel after a failed change must forget the choice and note, not only an empty one's.
  fromEveryContext: true,
  exec: {
    edit: ({ user }) =>
      user.click(within(section()).getByRole('button', { name: 'Change status' })),
    cancel: ({ user }) => user.click(within(section()).getByRole('button', { name: 'Cancel' })),
    submit: async ({ user }, event) => {
      await user.click(within(section()).getByRole('radio', { name: 'In review' }))
      const field = within(section()).getByLabelText('Note for the client (optional)')
      await user.clear(field)
      await user.type(field, event.values.note)
      await user.click(within(section()).getByRole('button', { name: 'Save status' }))
    },
    retry: ({ user }) => user.click(within(section()).getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.changeStatus': async (_, event) => {
      const request = await network.next(`${detailPath}/status`)
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ to: 'inReview', note })
      onServer = reviewed
      request.respond(200, event.output)
      // The inbox's reads are refreshed after every answer.
      await answerDetail()
      await answerProposals()
    },
    'xstate.error.actor.changeStatus': async (_, event) => {
      const request = await network.next(`${detailPath}/status`)
      const error = event.error as CallFailure
      if (error.response?.status === 409) onServer = movedElsewhereRequest
      request.failWith(error)
      await answerDetail()
      await answerProposals()
    },
  },
  states: {
    idle: async () => {
      await waitFor(() => within(section()).getByRole('button', { name: 'Change status' }))
      expect(status().textContent).toBe('')
      expect(within(section()).queryByRole('radio')).toBeNull()
    },
    editing: async ({ snapshot }) => {
      // Only what the lifecycle allows the agency from the status the server holds now.
      await waitFor(() =>
        expect(
          within(section())
            .getAllByRole('radio')
            .map((radio) => (radio as HTMLInputElement).value),
        ).toEqual(allowedChanges(onServer.status, 'agency')),
      )
      const field = within(section()).getByLabelText<HTMLTextAreaElement>(
        'Note for the client (optional)',
      )
      expect(field.value).toBe(snapshot.context.values?.note ?? '')
    },
    submitting: async () => {
      await waitFor(() =>
        expect(
          within(section()).getByRole('button', { name: 'Saving…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    done: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe(
          'The status is now In review. The client has been notified by email.',
        ),
      )
      expect(statusBadge()).toBe('In review')
      expect(screen.getByText(note)).toBeTruthy()
    },
    conflict: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe(
          'This request changed meanwhile: it is now In review. Please choose again.',
        ),
      )
      expect(statusBadge()).toBe('In review')
    },
    error: async ({ snapshot }) => {
      // The server's text when its answer had one, else the page's own.
      await waitFor(() =>
        expect(status().textContent).toBe(
          snapshot.context.message ?? 'The status could not be changed. Please try again.',
        ),
      )
    },
  },
})
