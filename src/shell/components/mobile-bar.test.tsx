import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../../tests/paths/render-app'
import { setSession } from '../../features/session/session'

const bar = () => screen.getByRole('navigation', { name: 'Quick navigation' })
const mainNav = () => screen.getByRole('navigation', { name: 'Main' })
const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))

afterEach(() => setSession(null))

describe('the signed-in flag, read from the session by the header and the bar', () => {
  it('signed out (nobody has signed in): settings in the bar, sign-in links in the header', async () => {
    await renderApp('/about')
    expect(hrefs(bar())).toEqual(['/', '/about', '/services', '/contact'])
    within(bar()).getByRole('button', { name: 'Settings' })
    expect(hrefs(mainNav()).filter((href) => !href?.startsWith('/services'))).toEqual([
      '/',
      '/about',
      '/contact',
      '/login',
      '/register',
    ])
  })

  it('signed in: a profile link replaces settings, the header offers the account links', async () => {
    await renderApp('/about')
    act(() => setSession({ user: { name: 'Ana', email: 'ana@example.com' } }))
    expect(hrefs(bar())).toEqual(['/', '/about', '/services', '/contact', '/profile'])
    expect(within(bar()).queryByRole('button', { name: 'Settings' })).toBeNull()
    expect(hrefs(mainNav()).filter((href) => !href?.startsWith('/services'))).toEqual([
      '/',
      '/about',
      '/contact',
      '/my-services',
      '/profile',
      '/logout',
    ])
  })
})
