import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { voidInstalmentMachine } from '../../../machines/void-instalment-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import {
  adminPaymentsRead,
  balance,
  freshPayments,
  voidInstalmentPathEvents,
  voidInstalmentPossible,
  voidReason,
} from '../../../tests/doubles/payments-answers'
import { proposalsRead } from '../../../tests/doubles/proposal-editor-answers'
import { requestDetailRead } from '../../../tests/doubles/status-change-answers'
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
const paymentsPath = `${detailPath}/payments`
const voidPath = `${paymentsPath}/instalments/${balance.id}/void`

const section = () => screen.getByRole('region', { name: 'Payments' })
const part = () => section().querySelector<HTMLElement>('.admin-payments-void') as HTMLElement
const status = () => within(part()).getByRole('status')
const form = () => within(section()).getByRole('form', { name: `Void ${balance.folio}` })

testMachinePaths(voidInstalmentMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
    const read = requestDetailRead(adminRequest)
    ;(await network.next(detailPath)).respond(read.status, read.body)
    const ledger = adminPaymentsRead(freshPayments())
    ;(await network.next(paymentsPath)).respond(ledger.status, ledger.body)
    const proposals = proposalsRead([])
    ;(await network.next(`${detailPath}/proposals`)).respond(proposals.status, proposals.body)
    await within(
      await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 }),
    ).findByRole('button', { name: `Void instalment ${balance.folio}` })
    return view
  },
  events: voidInstalmentPathEvents,
  possible: voidInstalmentPossible,
  exec: {
    choose: ({ user }) =>
      user.click(
        within(section()).getByRole('button', { name: `Void instalment ${balance.folio}` }),
      ),
    cancel: ({ user }) => user.click(within(form()).getByRole('button', { name: 'Keep it' })),
    retry: ({ user }) => user.click(within(part()).getByRole('button', { name: 'Try again' })),
    submit: async ({ user }, event) => {
      const reason = within(form()).getByLabelText(`Why is ${balance.folio} no longer owed?`)
      await user.clear(reason)
      if (event.values.reason !== '') await user.type(reason, event.values.reason)
      await user.click(within(form()).getByRole('button', { name: 'Void the instalment' }))
    },
    'xstate.done.actor.voidInstalment': async (_, event) => {
      const call = await network.next(voidPath)
      expect(call.method).toBe('POST')
      expect(call.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(call.body).toEqual({ reason: voidReason })
      call.respond(200, event.output)
    },
    'xstate.error.actor.voidInstalment': async (_, event) => {
      ;(await network.next(voidPath)).failWith(event.error as CallFailure)
      const ledger = adminPaymentsRead(freshPayments())
      ;(await network.next(paymentsPath)).respond(ledger.status, ledger.body)
    },
  },
  states: {
    idle: () => {
      expect(status().textContent).toBe('')
      expect(within(section()).queryByRole('form', { name: `Void ${balance.folio}` })).toBeNull()
    },
    editing: async ({ snapshot }) => {
      const reason = await within(section()).findByLabelText<HTMLTextAreaElement>(
        `Why is ${balance.folio} no longer owed?`,
      )
      expect(reason.value).toBe(snapshot.context.values?.reason ?? '')
      if (snapshot.context.refusedSubmissions > 0)
        expect(
          within(form()).getByText('Say why the instalment is voided, in up to 500 characters.'),
        ).toBeTruthy()
    },
    voiding: () => waitFor(() => expect(status().textContent).toBe('Voiding the instalment…')),
    voided: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe('The instalment has been voided: it is no longer owed.'),
      )
      expect(document.activeElement).toBe(status())
      // The balance is void now: no "Void" button for it any more.
      expect(
        within(section()).queryByRole('button', { name: `Void instalment ${balance.folio}` }),
      ).toBeNull()
    },
    refused: () =>
      waitFor(() =>
        expect(status().textContent).toBe(
          'Only an instalment nothing was paid towards can be voided.',
        ),
      ),
    failed: () =>
      waitFor(() =>
        expect(status().textContent).toBe('The instalment could not be voided. Please try again.'),
      ),
    secondFactor: ({ view }) =>
      waitFor(() => expect(view.router.state.location.pathname).toBe('/profile')),
  },
})
