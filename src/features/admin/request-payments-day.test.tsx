import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { adminPaymentsRead, freshPayments } from '../../../tests/doubles/payments-answers'
import { proposalsRead } from '../../../tests/doubles/proposal-editor-answers'
import { requestDetailRead } from '../../../tests/doubles/status-change-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  vi.useRealTimers()
  localStorage.clear()
})

const detailPath = `/api/v1/admin/service-requests/${adminRequest.id}`

it('offers the new day as the latest day received once midnight passes in Mexico City, when the field is used', async () => {
  // Only the clock is fake: the page's own timers and promises run as they do.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-30T05:50:00Z')) // 23:50 on the 29th in Mexico City
  network = installFakeNetwork()
  await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
  const read = requestDetailRead(adminRequest)
  ;(await network.next(detailPath)).respond(read.status, read.body)
  const ledger = adminPaymentsRead(freshPayments())
  ;(await network.next(`${detailPath}/payments`)).respond(ledger.status, ledger.body)
  const proposals = proposalsRead([])
  ;(await network.next(`${detailPath}/proposals`)).respond(proposals.status, proposals.body)
  const section = await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 })
  const user = userEvent.setup()
  await user.click(await within(section).findByRole('button', { name: 'Record a payment' }))
  const day = await within(section).findByLabelText<HTMLInputElement>('Received on')
  expect(day.max).toBe('2026-11-29')

  vi.setSystemTime(new Date('2026-11-30T06:10:00Z')) // 00:10 on the 30th
  await user.click(day)
  expect(day.max).toBe('2026-11-30')
})
