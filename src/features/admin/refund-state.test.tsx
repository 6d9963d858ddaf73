import { screen, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import {
  adminPaymentsRead,
  cardPayment,
  deposit,
  depositPaidByCard,
  refundReason,
} from '../../../tests/doubles/payments-answers'
import { proposalsRead } from '../../../tests/doubles/proposal-editor-answers'
import { requestDetailRead } from '../../../tests/doubles/status-change-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const detailPath = `/api/v1/admin/service-requests/${adminRequest.id}`

it('says "Refunded" once Stripe confirmed the refund, on the day in Mexico City, and offers no refund again', async () => {
  network = installFakeNetwork()
  await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
  const read = requestDetailRead(adminRequest)
  ;(await network.next(detailPath)).respond(read.status, read.body)
  const ledger = adminPaymentsRead({
    ...depositPaidByCard,
    instalments: [{ ...deposit, paid: 725_000, outstanding: 0, state: 'refunded' }],
    payments: [
      // 03:00 UTC on the 25th is still the 24th in Mexico City.
      { ...cardPayment, refund: { reason: refundReason, refundedAt: '2026-11-25T03:00:00.000Z' } },
    ],
  })
  ;(await network.next(`${detailPath}/payments`)).respond(ledger.status, ledger.body)
  const proposals = proposalsRead([])
  ;(await network.next(`${detailPath}/proposals`)).respond(proposals.status, proposals.body)
  const section = await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 })
  expect(await within(section).findByText('Refunded on November 24, 2026')).toBeTruthy()
  expect(within(section).queryByText('Refund requested')).toBeNull()
  expect(within(section).queryByRole('button', { name: /^Refund the card payment/ })).toBeNull()
})
