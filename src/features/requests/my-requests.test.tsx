import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServiceRequestsBody } from '../../../domain/api/api-contract'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { myRequestsRead, withdrawnRead } from '../../../tests/doubles/my-requests-answers'
import { movedRequest, sentRequest } from '../../../tests/fixtures/service-requests'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const listPath = '/api/v1/me/service-requests'
const note = 'We are reading your brief and will write by Friday.'
const reviewed = movedRequest(sentRequest, 'inReview', note)
const older = {
  ...sentRequest,
  id: 'request-0',
  serviceId: 'seo',
  createdAt: '2026-10-01T10:00:00.000Z',
} as const
/** Answers the list's read with `requests`. */
async function answerList(...requests: ServiceRequestsBody['requests']) {
  const read = myRequestsRead(...requests)
  ;(await network.next(listPath)).respond(read.status, read.body)
}

describe('My services', () => {
  it('lists the requests newest first with status, brief and the agency’s notes, and withdraws an open one', async () => {
    network = installFakeNetwork()
    const user = userEvent.setup()
    await renderSignedIn('/my-services')
    await answerList(older, reviewed)

    // The page's chunk loads on demand: the first time, the test runner compiles it.
    await screen.findByRole('link', { name: 'Web design' }, { timeout: 10_000 })
    const cards = [...document.querySelectorAll<HTMLElement>('.request-card')]
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Web design', 'SEO'])
    const card = cards[0] as HTMLElement
    expect(within(card).getByRole('link', { name: 'Web design' }).getAttribute('href')).toBe(
      '/services/web-design',
    )
    expect(card.querySelector('.status-badge')?.textContent).toBe('In review')
    expect(within(card).getByText(note)).toBeTruthy()
    expect(within(card).getByText(/Puente Digital changed the status to In review\./)).toBeTruthy()

    await user.click(within(card).getByRole('button', { name: 'Withdraw this request' }))
    const field = within(card).getByLabelText('Tell us why (optional)')
    expect(document.activeElement).toBe(field)
    await user.type(field, 'We found a local studio.')
    await user.click(within(card).getByRole('button', { name: 'Withdraw request' }))
    const withdraw = await network.next(`${listPath}/${reviewed.id}/withdraw`)
    expect([withdraw.method, withdraw.body, withdraw.headers.get('X-XSRF-TOKEN')]).toEqual([
      'POST',
      { note: 'We found a local studio.' },
      testXsrfToken,
    ])
    const withdrawn = movedRequest(reviewed, 'withdrawn', 'We found a local studio.', 'client')
    const answer = withdrawnRead(withdrawn)
    withdraw.respond(answer.status, answer.body)
    await answerList(older, withdrawn)

    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toBe('Your request has been withdrawn.'),
    )
    expect(card.querySelector('.status-badge')?.textContent).toBe('Withdrawn')
    expect(within(card).queryByRole('button', { name: 'Withdraw this request' })).toBeNull()
  })

  it('shows an empty state that leads to the services', async () => {
    network = installFakeNetwork()
    await renderSignedIn('/my-services')
    await answerList()
    await screen.findByRole(
      'heading',
      { name: 'You have no service requests yet' },
      { timeout: 10_000 },
    )
    expect(screen.getByRole('link', { name: 'Browse our services' }).getAttribute('href')).toBe(
      '/services',
    )
  })

  it('shows the newest ten requests, then ten more at a time, moving the focus to the first new one', async () => {
    network = installFakeNetwork()
    const user = userEvent.setup()
    await renderSignedIn('/my-services')
    // 23 requests, one a day: request-22 is the newest.
    const many = Array.from({ length: 23 }, (_, n) => ({
      ...sentRequest,
      id: `request-${n}`,
      createdAt: new Date(Date.UTC(2026, 9, 1 + n, 10)).toISOString(),
    }))
    await answerList(...many)
    await screen.findAllByRole('link', { name: 'Web design' }, { timeout: 10_000 })
    const cardIds = () =>
      [...document.querySelectorAll('.request-card h2')].map((heading) => heading.id)
    expect(cardIds()).toEqual(Array.from({ length: 10 }, (_, n) => `request-request-${22 - n}`))

    await user.click(screen.getByRole('button', { name: 'Show older requests (13 more)' }))
    expect(cardIds()).toHaveLength(20)
    const eleventh = document.querySelectorAll('.request-card')[10] as HTMLElement
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(eleventh).getByRole('link', { name: 'Web design' }),
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Show older requests (3 more)' }))
    expect(cardIds()).toHaveLength(23)
    expect(screen.queryByRole('button', { name: /Show older requests/ })).toBeNull()
  })
})
