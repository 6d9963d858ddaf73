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
    // The title leads to the request's own page, not to the public page of its service.
    expect(within(card).getByRole('link', { name: 'Web design' }).getAttribute('href')).toBe(
      `/my-services/${reviewed.id}`,
    )
    // Nothing asks anything of the client yet.
    expect(screen.getByRole('region', { name: 'What needs you' }).textContent).toContain(
      'Nothing right now',
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

  it('says what needs the client first, and each card its proposal, what is due and the latest change', async () => {
    network = installFakeNetwork()
    await renderSignedIn('/my-services')
    const answering = {
      ...reviewed,
      id: 'request-2',
      number: 'PD-2026-0002',
      newMessages: 2,
      proposal: { version: 2, state: 'sent', total: 1_160_000, validUntil: '2026-12-29' },
    } as const
    const paying = {
      ...older,
      number: 'PD-2026-0000',
      proposal: { version: 1, state: 'accepted', total: 2_320_000, validUntil: '2026-11-01' },
      amountDue: 1_160_000,
    } as const
    await answerList(paying, answering)
    const needs = await screen.findByRole('region', { name: 'What needs you' }, { timeout: 10_000 })
    const lines = within(needs).getAllByRole('link')
    expect(lines.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'PD-2026-0002 · Web design: a proposal to answer (MX$11,600.00 with IVA)',
        '/my-services/request-2#proposal-heading',
      ],
      ['PD-2026-0000 · SEO: MX$11,600.00 due', '/my-services/request-0#payments-heading'],
      ['PD-2026-0002 · Web design: new messages (2)', '/my-services/request-2'],
    ])

    const [first, second] = [...document.querySelectorAll<HTMLElement>('.request-card')]
    if (!first || !second) throw new Error('Two cards expected')
    expect(
      within(first)
        .getAllByRole('listitem')
        .filter((item) => item.closest('.request-glance'))
        .map((item) => item.textContent),
    ).toEqual([
      'Proposal 2: MX$11,600.00 with IVA, waiting for your answer',
      'Messages and files (new messages: 2)',
    ])
    // The latest change and its note in view; the brief folded away.
    expect(first.querySelector('.request-latest')?.textContent).toContain(note)
    const folded = first.querySelector('details') as HTMLDetailsElement
    expect(folded.open).toBe(false)
    expect(within(folded).getByText(/We need a new site for our bakery/)).toBeTruthy()
    within(first).getByRole('button', { name: 'Withdraw this request' })

    expect(second.querySelector('.request-glance')?.textContent).toContain(
      'Proposal 1: MX$23,200.00 with IVA, accepted',
    )
    expect(within(second).getByRole('link', { name: 'Due now: MX$11,600.00' })).toBeTruthy()
    // The proposal is accepted: the work is agreed, withdrawing is not offered on the card.
    expect(within(second).queryByRole('button', { name: 'Withdraw this request' })).toBeNull()
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
