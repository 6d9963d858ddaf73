import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminServiceRequest } from '../../../domain/api/api-contract'
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

/** The request detail showing `request`; its client facts (the list's `dl` entries). */
async function showDetail(request: AdminServiceRequest) {
  network = installFakeNetwork()
  await renderSignedIn(`/admin?id=${request.id}`, testAdmin)
  const read = requestDetailRead(request)
  ;(await network.next(`/api/v1/admin/service-requests/${request.id}`, 10_000)).respond(
    read.status,
    read.body,
  )
  await screen.findAllByText('Phone', {}, { timeout: 10_000 })
  /** The definition after the term `term`. */
  return (term: string) => {
    const dt = screen.getAllByRole('term').find((node) => node.textContent === term)
    const dd = dt?.nextElementSibling
    if (!(dd instanceof HTMLElement)) throw new Error(`no ${term}`)
    return dd
  }
}

const client = adminRequest.client

describe('the request detail', () => {
  it("shows the client's phone (a link that dials it) and postal address, Mexican style", async () => {
    const facts = await showDetail({
      ...adminRequest,
      client: {
        ...client,
        phone: '+52 (222) 123-4567',
        address: {
          street: 'Avenida Reforma',
          exteriorNumber: '1204',
          interiorNumber: '3B',
          neighborhood: 'La Paz',
          municipality: 'Puebla',
          postalCode: '72160',
          city: 'Heroica Puebla de Zaragoza',
          state: 'PUE',
          country: 'MX',
        },
      },
    })
    const phone = within(facts('Phone')).getByRole('link', { name: '+52 (222) 123-4567' })
    expect(phone.getAttribute('href')).toBe('tel:+522221234567')
    const address = facts('Address').querySelector('address')
    expect(address?.innerHTML.split('<br>')).toEqual([
      'Avenida Reforma 1204, interior 3B',
      'La Paz',
      '72160 Puebla, Heroica Puebla de Zaragoza',
      'Puebla, Mexico',
    ])
  })

  it('leaves out the parts an address has none of, and names a country outside Mexico', async () => {
    const facts = await showDetail({
      ...adminRequest,
      client: {
        ...client,
        phone: '',
        address: {
          street: 'Calle Mayor',
          exteriorNumber: '5',
          interiorNumber: '',
          neighborhood: 'Centro',
          municipality: 'Madrid',
          postalCode: '28013',
          city: 'Madrid',
          state: '',
          country: 'ES',
        },
      },
    })
    expect(facts('Phone').textContent).toBe('—')
    expect(facts('Address').querySelector('address')?.innerHTML.split('<br>')).toEqual([
      'Calle Mayor 5',
      'Centro',
      '28013 Madrid',
      'Spain',
    ])
  })
})
