import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { testAdmin, testUser } from '../../../tests/fixtures/account-user'
import { renderApp } from '../../../tests/paths/render-app'

const bar = () => screen.getByRole('navigation', { name: 'Quick navigation' })
const mainNav = () => screen.getByRole('navigation', { name: 'Main' })
const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))

afterEach(() => localStorage.clear())

describe('the session, read by the header and the bar', { timeout: 20_000 }, () => {
  it('signed out (nobody has signed in): settings in the bar, sign-in links in the header', async () => {
    await renderApp('/about')
    expect(hrefs(bar())).toEqual(['/', '/about', '/services', '/contact'])
    within(bar()).getByRole('button', { name: 'Settings' })
    expect(hrefs(mainNav()).filter((href) => !href?.startsWith('/services'))).toEqual([
      '/',
      '/about',
      '/work',
      '/contact',
      '/login',
      '/register',
    ])
  })

  it('signed in: the portal in the bar (their requests, their profile), the header has the account menu', async () => {
    const view = await renderApp('/about')
    const session = await view.router.options.context.session.load()
    act(() => session.signedIn({ success: true, message: 'Welcome.', user: testUser }))
    expect(hrefs(bar())).toEqual(['/', '/services', '/my-services', '/contact', '/profile'])
    expect(within(bar()).getByRole('link', { name: 'My services' })).toBeTruthy()
    expect(within(bar()).queryByRole('button', { name: 'Settings' })).toBeNull()
    const account = within(mainNav()).getByRole('button', { name: 'Account of Ana' })
    expect(account.getAttribute('aria-expanded')).toBe('false')
    expect(within(mainNav()).queryByRole('link', { name: 'Sign in' })).toBeNull()
    await userEvent.click(account)
    expect(hrefs(mainNav()).filter((href) => !href?.startsWith('/services'))).toEqual([
      '/',
      '/about',
      '/work',
      '/contact',
      '/my-services',
      '/profile',
      '/logout',
    ])
  })

  it('an admin: the inbox in the place of contact', async () => {
    const view = await renderApp('/about')
    const session = await view.router.options.context.session.load()
    act(() => session.signedIn({ success: true, message: 'Welcome.', user: testAdmin }))
    expect(hrefs(bar())).toEqual(['/', '/services', '/my-services', '/admin', '/profile'])
    expect(within(bar()).getByRole('link', { name: 'Inbox' })).toBeTruthy()
  })
})
