import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { movedRequest, sentRequest } from '../../../tests/fixtures/service-requests'
import { i18n } from '../../i18n/i18n'
import { setLanguage } from '../../i18n/language-preference'
import { RequestBriefAndHistory } from './request-record'

const proposed = movedRequest(sentRequest, 'proposalSent', '')
const accepted = movedRequest(proposed, 'inProgress', '', 'client')
const declined = movedRequest(proposed, 'inReview', 'Too expensive.', 'client')

async function historyOf(request: typeof sentRequest, reader: 'client' | 'agency') {
  await setLanguage('en')
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <RequestBriefAndHistory request={request} reader={reader} />
    </I18nProvider>,
  )
  return [...container.querySelectorAll('.request-history li')].map((line) =>
    line.textContent?.replace(/^[^:]*\d:\d\d[^:]*: /, ''),
  )
}

describe('a request’s history', () => {
  // A client's answer to a proposal moves the request: the line tells the answer, not a status.
  it('tells the client’s answer to a proposal as an answer', async () => {
    expect((await historyOf(accepted, 'client')).at(-1)).toBe('you accepted the proposal.')
    expect((await historyOf(accepted, 'agency')).at(-1)).toBe('the client accepted the proposal.')
    expect((await historyOf(declined, 'client')).at(-1)).toBe(
      'you declined the proposal.Too expensive.',
    )
    expect((await historyOf(proposed, 'client')).at(-1)).toBe(
      'Puente Digital changed the status to Proposal sent.',
    )
  })
})
