import { I18nProvider } from '@lingui/react'
import { act, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxStreamEvent } from '../../../domain/api/api-contract'
import { installFakeEventSource } from '../../../tests/doubles/fake-event-source'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { i18n } from '../../i18n/i18n'
import { setLanguage } from '../../i18n/language-preference'
import InboxBadge from './inbox-badge'

let network = installFakeNetwork()
afterEach(() => network.restore())

const event = (unansweredThreads: number): InboxStreamEvent => ({
  requestId: 'request-1',
  side: 'client',
  internal: false,
  unansweredThreads,
})

describe('the Inbox count', () => {
  it('reads the unanswered threads, then follows the inbox stream; nothing at zero', async () => {
    network = installFakeNetwork()
    const stream = installFakeEventSource()
    await setLanguage('en')
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <InboxBadge />
      </I18nProvider>,
    )
    ;(await network.next('/api/v1/admin/inbox-summary')).respond(200, {
      success: true,
      unansweredThreads: 3,
    })
    await waitFor(() => expect(container.textContent).toBe('3(3 awaiting our reply)'))
    act(() => {
      stream.emit('/api/v1/admin/events', 'thread', event(4))
    })
    await waitFor(() => expect(container.textContent).toBe('4(4 awaiting our reply)'))
    act(() => {
      stream.emit('/api/v1/admin/events', 'thread', event(0))
    })
    await waitFor(() => expect(container.textContent).toBe(''))
  })
})
