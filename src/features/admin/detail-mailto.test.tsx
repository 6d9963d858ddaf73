import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mailtoHref } from '../../../domain/mailto'
import { anEnquiry, enquiryDetailRead } from '../../../tests/doubles/admin-detail-answers'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { requestDetailRead } from '../../../tests/doubles/status-change-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

/** An address stored before the schema refused such local parts, or written by other means. */
const hostile = 'sales?cc=attacker%40evil.example&subject=Invoice@example.com'
const encoded = 'mailto:sales%3Fcc%3Dattacker%2540evil.example%26subject%3DInvoice@example.com'

const enquiry = { ...anEnquiry, email: hostile }

describe('mailto links of the admin inbox', () => {
  it('encode the address, so its characters cannot add header fields', () => {
    expect(mailtoHref(hostile)).toBe(encoded)
    expect(mailtoHref('o.brien+web@correo.example.mx')).toBe(
      'mailto:o.brien%2Bweb@correo.example.mx',
    )
    expect(new URL(mailtoHref(hostile)).search).toBe('')
  })

  it('the enquiry detail links to the sender with the address encoded', async () => {
    network = installFakeNetwork()
    await renderSignedIn(`/admin?tab=enquiries&id=${enquiry.id}`, testAdmin)
    const read = enquiryDetailRead(enquiry)
    ;(await network.next(`/api/v1/admin/enquiries/${enquiry.id}`)).respond(read.status, read.body)
    const link = await screen.findByRole('link', { name: hostile }, { timeout: 10_000 })
    expect(link.getAttribute('href')).toBe(encoded)
  })

  it('the request detail links to the client with the address encoded', async () => {
    network = installFakeNetwork()
    const request = { ...adminRequest, client: { ...adminRequest.client, email: hostile } }
    await renderSignedIn(`/admin?id=${request.id}`, testAdmin)
    const read = requestDetailRead(request)
    ;(await network.next(`/api/v1/admin/service-requests/${request.id}`)).respond(
      read.status,
      read.body,
    )
    const link = await screen.findByRole('link', { name: hostile }, { timeout: 10_000 })
    expect(link.getAttribute('href')).toBe(encoded)
  })
})
