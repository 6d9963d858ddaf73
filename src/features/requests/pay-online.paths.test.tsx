import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { payOnlineMachine } from '../../../machines/pay-online-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { myRequestsRead } from '../../../tests/doubles/my-requests-answers'
import {
  checkoutAnswer,
  deposit,
  depositVoucher,
  myPaymentsRead,
  onlinePayments,
  payOnlinePathEvents,
  payOnlinePossible,
} from '../../../tests/doubles/payments-answers'
import {
  acceptedProposal,
  awaitingRequest,
  currentProposalRead,
} from '../../../tests/doubles/proposal-answer-answers'
import { movedRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const request = movedRequest(awaitingRequest, 'inProgress', '', 'client')
const listPath = '/api/v1/me/service-requests'
const requestPath = `${listPath}/${request.id}`
const paymentsPath = `${requestPath}/payments`
const checkoutPath = `${paymentsPath}/instalments/${deposit.id}/checkout`

const section = () => screen.getByRole('region', { name: 'Payments' })
const part = () => section().querySelector<HTMLElement>('.payments-online') as HTMLElement
const status = () => within(part()).getByRole('status')
const buttonName = (method: 'card' | 'oxxo') =>
  method === 'card' ? `Pay by card: ${deposit.folio}` : `Pay in cash at OXXO: ${deposit.folio}`

/** The status says `text` and holds the focus: the outcome is where the client looks. */
async function saysWithFocus(text: string) {
  await waitFor(() => expect(status().textContent).toBe(text))
  await waitFor(() => expect(document.activeElement).toBe(status()))
}

testMachinePaths(payOnlineMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn(`/my-services/${request.id}`)
    const list = myRequestsRead(request)
    ;(await network.next(listPath)).respond(list.status, list.body)
    const proposals = currentProposalRead(acceptedProposal)
    ;(await network.next(`${requestPath}/proposals`)).respond(proposals.status, proposals.body)
    const payments = myPaymentsRead(onlinePayments())
    ;(await network.next(paymentsPath)).respond(payments.status, payments.body)
    await within(
      await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 }),
    ).findByRole('button', { name: buttonName('card') })
    return view
  },
  events: payOnlinePathEvents,
  possible: payOnlinePossible,
  exec: {
    pay: ({ user }, event) =>
      user.click(within(section()).getByRole('button', { name: buttonName(event.target.method) })),
    'xstate.done.actor.openCheckout': async (_, event) => {
      const call = await network.next(checkoutPath)
      expect(call.method).toBe('POST')
      expect(call.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      // The amount is the server's: the page sends nothing but the instalment's address.
      expect(call.body).toEqual({})
      call.respond(200, event.output)
    },
    'xstate.error.actor.openCheckout': async (_, event) => {
      ;(await network.next(checkoutPath)).failWith(event.error as CallFailure)
      // A refusal reads the payments again (paid or expired meanwhile).
      const payments = myPaymentsRead(onlinePayments())
      ;(await network.next(paymentsPath)).respond(payments.status, payments.body)
    },
  },
  states: {
    idle: () => {
      expect(status().textContent).toBe('')
      // The pending voucher: its state, reference, amount, expiry and Stripe's page of it.
      const voucher = within(section()).getByRole('region', {
        name: `Waiting for your cash payment at OXXO for ${deposit.folio}.`,
      })
      expect(within(voucher).getByText(depositVoucher.number)).toBeTruthy()
      expect(within(voucher).getByText('MX$7,250.00')).toBeTruthy()
      expect(within(voucher).getByText(/January 2, 2030/)).toBeTruthy()
      expect(
        within(voucher)
          .getByRole('link', { name: /Show the voucher/ })
          .getAttribute('href'),
      ).toBe(depositVoucher.url)
      // Both ways to pay, for the due deposit only (the balance is not due yet).
      expect(within(section()).getByRole('button', { name: buttonName('oxxo') })).toBeTruthy()
      expect(
        within(section()).queryByRole('button', { name: 'Pay by card: PAG-000002' }),
      ).toBeNull()
    },
    opening: () =>
      waitFor(() => expect(status().textContent).toBe('Opening Stripe’s secure payment page…')),
    leaving: async () => {
      await saysWithFocus('Taking you to Stripe’s secure payment page…')
      // Should the browser stay, the page is one press away.
      expect(
        within(part())
          .getByRole('link', { name: 'Continue to Stripe’s payment page' })
          .getAttribute('href'),
      ).toBe(checkoutAnswer.url)
    },
    notOwed: () => saysWithFocus('Nothing is owed on this instalment now.'),
    unavailable: () =>
      saysWithFocus(
        'Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.',
      ),
    failed: () =>
      saysWithFocus('Stripe’s page could not be opened. Check your connection and try again.'),
  },
})
