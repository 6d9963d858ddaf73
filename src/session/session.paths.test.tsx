import { act, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { CallFailure } from '../../domain/api/api-contract'
import { sessionMachine } from '../../machines/session-machine'
import { installFakeNetwork } from '../../tests/doubles/fake-network'
import {
  meRead,
  sessionEndedRead,
  sessionPathEvents,
  signedOutRead,
} from '../../tests/doubles/session-answers'
import { signedInBody } from '../../tests/doubles/sign-in-answers'
import { testUser } from '../../tests/fixtures/account-user'
import { testMachinePaths } from '../../tests/paths/machine-paths'
import { type RenderedApp, renderApp } from '../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const header = () => screen.getByRole('navigation', { name: 'Main' })
const accountButton = () => within(header()).queryByRole('button', { name: 'Account of Ana' })
const expectSignedOutHeader = () => {
  expect(accountButton()).toBeNull()
  expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy()
}
const h1 = () => screen.getByRole('heading', { level: 1 })

async function visit(view: RenderedApp, to: '/profile' | '/login') {
  if (view.router.state.location.pathname === to) return
  await act(async () => {
    await view.router.navigate({ to })
  })
}

async function answer(path: string, error: CallFailure) {
  const request = await network.next(path)
  if (error.response) request.respond(error.response.status, error.response.data)
  else request.fail()
}

async function signInThroughTheForm(user: UserEvent, view: RenderedApp) {
  await visit(view, '/login')
  await user.type(await screen.findByLabelText('Email'), testUser.email)
  await user.type(screen.getByLabelText('Password'), 'lantern orbit mango 42')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  const request = await network.next('/api/v1/auth/login')
  request.respond(200, signedInBody)
}

testMachinePaths(sessionMachine, {
  // A public page: the session's code is loaded (as a signed-in page or the sign-in form
  // would load it), nobody has asked the server yet.
  render: async () => {
    network = installFakeNetwork()
    localStorage.clear()
    const view = await renderApp('/about')
    await act(async () => {
      await view.router.options.context.session.load()
    })
    return view
  },
  events: sessionPathEvents,
  exec: {
    // A signed-in page asks who is signed in.
    check: ({ view }) => visit(view, '/profile'),
    'xstate.done.actor.loadSession': async () => {
      const request = await network.next('/api/v1/me')
      expect(request.method).toBe('GET')
      request.respond(meRead.status, meRead.body)
    },
    'xstate.error.actor.loadSession': (_, event) =>
      answer('/api/v1/me', event.error as CallFailure),
    signedIn: ({ user, view }) => signInThroughTheForm(user, view),
    // The header's menu leads to /logout, which signs out; after a failed attempt, its button.
    signOut: async ({ user }) => {
      const again = screen.queryByRole('button', { name: 'Sign out' })
      if (again) return user.click(again)
      const button = accountButton()
      if (!button) throw new Error('No account menu')
      await user.click(button)
      await user.click(within(header()).getByRole('link', { name: 'Sign out' }))
    },
    'xstate.done.actor.signOut': async () => {
      const request = await network.next('/api/v1/auth/logout')
      expect(request.method).toBe('POST')
      request.respond(signedOutRead.status, signedOutRead.body)
    },
    'xstate.error.actor.signOut': (_, event) =>
      answer('/api/v1/auth/logout', event.error as CallFailure),
    // Any answer that says the session is gone: here, the profile's sessions list.
    expired: async ({ view }) => {
      await visit(view, '/profile')
      const request = await network.next('/api/v1/me/sessions')
      request.respond(sessionEndedRead.status, sessionEndedRead.body)
    },
  },
  states: {
    unknown: () => {
      expectSignedOutHeader()
    },
    loading: async () => {
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe('Checking your session…'),
      )
      expectSignedOutHeader()
    },
    signedIn: async ({ snapshot }) => {
      await waitFor(() => expect(accountButton()).not.toBeNull())
      if (snapshot.context.signOutFailed) {
        await waitFor(() => expect(h1().textContent).toBe('You are still signed in'))
        expect(document.activeElement).toBe(h1())
      }
    },
    signingOut: async () => {
      await waitFor(() => expect(h1().textContent).toBe('Signing you out…'))
    },
    signedOut: async ({ view }) => {
      await waitFor(expectSignedOutHeader)
      const { pathname, search } = view.router.state.location
      // Signed out on a signed-in page: off to the sign-in form, which brings the visitor back.
      if (pathname === '/login') expect(search).toEqual({ redirect: '/profile' })
      else {
        expect(pathname).toBe('/logout')
        await waitFor(() => expect(h1().textContent).toBe('You are signed out'))
      }
    },
  },
})

describe('a public page and the signed-in hint', () => {
  afterEach(() => {
    document.cookie = 'signed-in=; path=/; max-age=0'
  })

  it('asks who is signed in when the server’s hint cookie says a session is open', async () => {
    network = installFakeNetwork()
    // Script-written storage was cleared (as Safari does after a week without a visit); the
    // cookies, the session's and its hint, live on.
    localStorage.clear()
    document.cookie = 'signed-in=1; path=/'
    await renderApp('/about')
    const request = await network.next('/api/v1/me')
    request.respond(meRead.status, meRead.body)
    await waitFor(() => expect(accountButton()).not.toBeNull())
  })

  it('asks nothing without the hint, whatever an older version left in localStorage', async () => {
    network = installFakeNetwork()
    localStorage.setItem('account-signed-in', '1')
    const view = await renderApp('/about')
    await act(async () => {
      await view.router.options.context.session.load()
    })
    expect(network.seen.filter((r) => r.url.endsWith('/api/v1/me'))).toEqual([])
    expectSignedOutHeader()
  })
})
