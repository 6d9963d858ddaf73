import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { RequestStatus } from '../../../domain/requests/request-status'
import { i18n } from '../../i18n/i18n'
import { setLanguage } from '../../i18n/language-preference'
import { RequestProgress } from './request-progress'

async function renderWithI18n(ui: ReactNode) {
  await setLanguage('en')
  render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}

const stepsOf = () =>
  screen
    .getAllByRole('listitem')
    .map(
      (step) =>
        `${step.textContent}${step.getAttribute('aria-current') === 'step' ? ' [current]' : ''}`,
    )

const through = (...statuses: RequestStatus[]) => statuses.map((to) => ({ to }))

describe('a request’s progress', () => {
  it('marks the steps done, the current one, and those to come', async () => {
    await renderWithI18n(
      <RequestProgress
        status="proposalSent"
        history={through('received', 'inReview', 'proposalSent')}
      />,
    )
    expect(screen.getByRole('list', { name: 'Progress' })).toBeTruthy()
    expect(stepsOf()).toEqual([
      'Received (done)',
      'In review (done)',
      'Proposal sent [current]',
      'In progress',
      'Delivered',
    ])
  })

  it('shows a delivered request done to its end', async () => {
    await renderWithI18n(<RequestProgress status="delivered" history={through('received')} />)
    expect(stepsOf().at(-1)).toBe('Delivered [current]')
  })

  it('ends a withdrawn request where it stopped, with its status', async () => {
    await renderWithI18n(
      <RequestProgress status="withdrawn" history={through('received', 'inReview', 'withdrawn')} />,
    )
    expect(stepsOf()).toEqual([
      'Received (done)',
      'In review',
      'Proposal sent',
      'In progress',
      'Delivered',
      'Withdrawn [current]',
    ])
  })
})
