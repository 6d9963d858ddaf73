import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { agencyDay } from '../../../domain/agency-day'
import type { CallFailure } from '../../../domain/api/api-contract'
import { recordPaymentPayload } from '../../../domain/payments/record-payment-form'
import { recordPaymentMachine } from '../../../machines/record-payment-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import {
  adminPaymentsRead,
  depositPaid,
  freshPayments,
  recordPaymentPathEvents,
  recordPaymentPossible,
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
/** Today in Mexico City: the day the paths say the payment was received. */
const today = agencyDay(new Date())

const section = () => screen.getByRole('region', { name: 'Payments' })
const status = () => section().querySelector<HTMLElement>(':scope > [role="status"]') as HTMLElement
const button = (name: string | RegExp) => within(section()).getByRole('button', { name })
const form = () => within(section()).getByRole('form', { name: 'Record a payment' })

testMachinePaths(recordPaymentMachine, {
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
    ).findByRole('button', { name: 'Record a payment' })
    return view
  },
  events: recordPaymentPathEvents(today),
  possible: recordPaymentPossible,
  exec: {
    open: ({ user }) => user.click(button('Record a payment')),
    cancel: ({ user }) => user.click(button('Cancel')),
    retry: ({ user }) => user.click(button('Try again')),
    submit: async ({ user }, event) => {
      const amount = within(form()).getByLabelText('Amount received in pesos')
      await user.clear(amount)
      await user.type(amount, event.values.amount)
      const note = within(form()).getByLabelText('Note (optional, for the agency only)')
      await user.clear(note)
      await user.type(note, event.values.note)
      await user.selectOptions(within(form()).getByLabelText('Method'), event.values.method)
      await user.click(button('Record the payment'))
    },
    'xstate.done.actor.recordPayment': async (_, event) => {
      const call = await network.next(paymentsPath)
      expect(call.method).toBe('POST')
      expect(call.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      // Centavos from the typed digits, the day received, the method and the note.
      expect(call.body).toEqual(
        recordPaymentPayload({
          amount: '7,350.00',
          paidOn: today,
          method: 'spei',
          note: 'Transfer 4471',
        }),
      )
      call.respond(201, event.output)
    },
    'xstate.error.actor.recordPayment': async (_, event) => {
      const call = await network.next(paymentsPath)
      expect(call.method).toBe('POST')
      call.failWith(event.error as CallFailure)
      // After a refusal the ledger is read again.
      const ledger = adminPaymentsRead(freshPayments())
      ;(await network.next(paymentsPath)).respond(ledger.status, ledger.body)
    },
  },
  states: {
    idle: async () => {
      await waitFor(() => button('Record a payment'))
      expect(within(section()).queryByRole('form')).toBeNull()
      // The ledger: the deposit due, the balance not yet.
      expect(within(section()).getByText('PAG-000001')).toBeTruthy()
      expect(within(section()).getAllByText('Not due yet')).toHaveLength(1)
    },
    editing: async ({ snapshot }) => {
      const amount = await within(section()).findByLabelText<HTMLInputElement>(
        'Amount received in pesos',
      )
      const { values, refusedSubmissions, serverFieldErrors } = snapshot.context
      expect(amount.value).toBe(values?.amount ?? '')
      if (refusedSubmissions > 0 && values?.amount === '7.350,00')
        expect(
          within(form()).getByText('Use an amount from 0.01 to 99,999,999.99 pesos, in centavos.'),
        ).toBeTruthy()
      if (serverFieldErrors.paidOn)
        expect(within(form()).getByText(serverFieldErrors.paidOn)).toBeTruthy()
    },
    saving: () =>
      waitFor(() => expect(button('Recording…').getAttribute('aria-disabled')).toBe('true')),
    saved: async () => {
      await waitFor(() => expect(status().textContent).toBe('The payment has been recorded.'))
      // The ledger as the server answered: the deposit paid, the rest kept as credit.
      expect(document.activeElement).toBe(status())
      expect(within(section()).getByText('MX$100.00 kept as credit', { exact: false })).toBeTruthy()
      expect(depositPaid.credit).toBe(10_000)
    },
    refused: () =>
      waitFor(() =>
        expect(status().textContent).toBe(
          'This request has no payment plan: a proposal with one must be accepted first.',
        ),
      ),
    failed: () =>
      waitFor(() =>
        expect(status().textContent).toBe('The payment could not be recorded. Please try again.'),
      ),
    // To the profile, to set up the second factor the gate asked for.
    secondFactor: ({ view }) =>
      waitFor(() => expect(view.router.state.location.pathname).toBe('/profile')),
  },
})
