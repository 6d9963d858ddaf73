import { act, screen } from '@testing-library/react'
import type { AccountUser } from '../../domain/api/api-contract'
import { signedInBody } from '../doubles/sign-in-answers'
import { testUser } from '../fixtures/account-user'
import { type RenderedApp, renderApp } from './render-app'

/**
 * The app at `path` (a query string included) with `user` signed in (as the sign-in form
 * leaves it).
 */
export async function renderSignedIn(
  path: string,
  user: AccountUser = testUser,
): Promise<RenderedApp> {
  const view = await renderApp('/about')
  const session = await view.router.options.context.session.load()
  act(() => session.signedIn({ ...signedInBody, user }))
  await act(async () => {
    await view.router.navigate({ href: path })
  })
  // The page's chunk loads on demand (compiled the first time): seconds on a loaded machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
  return view
}
