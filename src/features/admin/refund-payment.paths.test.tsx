import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { refundPaymentMachine } from '../../../machines/refund-payment-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import {
  adminPaymentsRead,
  deposit,
  depositPaidByCard,
  refundPaymentPathEvents,
  refundPaymentPossible,
  refundReason,
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
const refundPath = `${paymentsPath}/instalments/${deposit.id}/refund`
const refundButton = `Refund the card payment to ${deposit.folio}`

const section = () => screen.getByRole('region', { name: 'Payments' })
const part = () => section().querySelector<HTMLElement>('.admin-payments-refund') as HTMLElement
const status = () => within(part()).getByRole('status')
const form = () => within(section()).getByRole('form', { name: `Refund ${deposit.folio}` })
const question =
  'Refund MX$7,250.00 to the client’s card for PAG-000001? Stripe gives the money back and this cannot be undone.'

/** The status says `text` and holds the focus. */
async function saysWithFocus(text: string) {
  await waitFor(() => expect(status().textContent).toBe(text))
  await waitFor(() => expect(document.activeElement).toBe(status()))
}

testMachinePaths(refundPaymentMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
    const read = requestDetailRead(adminRequest)
    ;(await network.next(detailPath)).respond(read.status, read.body)
    const ledger = adminPaymentsRead(depositPaidByCard)
    ;(await network.next(paymentsPath)).respond(ledger.status, ledger.body)
    const proposals = proposalsRead([])
    ;(await network.next(`${detailPath}/proposals`)).respond(proposals.status, proposals.body)
    await within(
      await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 }),
    ).findByRole('button', { name: refundButton })
    return view
  },
  events: refundPaymentPathEvents,
  possible: refundPaymentPossible,
  exec: {
    choose: ({ user }) => user.click(within(section()).getByRole('button', { name: refundButton })),
    cancel: ({ user }) =>
      user.click(within(form()).getByRole('button', { name: 'Keep the payment' })),
    retry: ({ user }) => user.click(within(part()).getByRole('button', { name: 'Try again' })),
    submit: async ({ user }, event) => {
      const reason = within(form()).getByLabelText(
        `Why is the card payment to ${deposit.folio} refunded?`,
      )
      await user.clear(reason)
      if (event.values.reason !== '') await user.type(reason, event.values.reason)
      await user.click(within(form()).getByRole('button', { name: 'Continue' }))
    },
    confirm: ({ user }) =>
      user.click(within(part()).getByRole('button', { name: 'Yes, refund MX$7,250.00' })),
    back: ({ user }) => user.click(within(part()).getByRole('button', { name: 'Go back' })),
    'xstate.done.actor.refundPayment': async (_, event) => {
      const call = await network.next(refundPath)
      expect(call.method).toBe('POST')
      expect(call.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(call.body).toEqual({ reason: refundReason })
      call.respond(200, event.output)
    },
    'xstate.error.actor.refundPayment': async (_, event) => {
      ;(await network.next(refundPath)).failWith(event.error as CallFailure)
      const ledger = adminPaymentsRead(depositPaidByCard)
      ;(await network.next(paymentsPath)).respond(ledger.status, ledger.body)
    },
  },
  states: {
    idle: () => {
      expect(status().textContent).toBe('')
      expect(within(section()).queryByRole('form', { name: `Refund ${deposit.folio}` })).toBeNull()
      // Nothing is asked of Stripe without a reason and a yes.
      expect(within(section()).queryByText(question)).toBeNull()
    },
    editing: async ({ snapshot }) => {
      const reason = await within(section()).findByLabelText<HTMLTextAreaElement>(
        `Why is the card payment to ${deposit.folio} refunded?`,
      )
      expect(reason.value).toBe(snapshot.context.values?.reason ?? '')
      await waitFor(() => expect(document.activeElement).toBe(reason))
      if (snapshot.context.refusedSubmissions > 0)
        expect(
          within(form()).getByText('Say why the payment is refunded, in up to 500 characters.'),
        ).toBeTruthy()
    },
    confirming: async () => {
      const asked = await within(part()).findByText(question)
      await waitFor(() => expect(document.activeElement).toBe(asked))
    },
    refunding: () =>
      waitFor(() => expect(status().textContent).toBe('Asking Stripe for the refund…')),
    requested: async () => {
      await saysWithFocus(
        'The refund has been asked of Stripe: the instalment shows it as refunded once Stripe confirms it.',
      )
      // The payment says so until Stripe's webhook confirms it; no second refund offered.
      expect(within(section()).getByText('Refund requested')).toBeTruthy()
      expect(within(section()).queryByRole('button', { name: refundButton })).toBeNull()
    },
    refused: () =>
      saysWithFocus(
        'Only an instalment paid by card through Stripe, and not refunded yet, can be refunded.',
      ),
    unavailable: () =>
      saysWithFocus(
        'Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.',
      ),
    failed: () => saysWithFocus('The refund could not be asked for. Please try again.'),
    secondFactor: ({ view }) =>
      waitFor(() => expect(view.router.state.location.pathname).toBe('/profile')),
  },
})
