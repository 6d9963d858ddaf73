import { useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { AccountUser } from '../../domain/api/api-contract'
import { useHydrated } from '../ui/use-hydrated'
import type { SessionRuntime } from './session-runtime'
import { useSession, useSessionRuntime, useSessionSlot } from './use-session'

export type SignedIn = { readonly user: AccountUser; readonly runtime: SessionRuntime }

/**
 * For a signed-in page: asks who is signed in (after hydration, so the prerendered shell and
 * the first render agree and hold nobody's data), and sends a signed-out visitor to
 * `/login?redirect=<this page>`. Undefined until someone is known to be signed in.
 */
export function useSignedInUser(): SignedIn | undefined {
  const hydrated = useHydrated()
  const slot = useSessionSlot()
  const runtime = useSessionRuntime()
  const { status, user } = useSession()
  const navigate = useNavigate()
  const here = useLocation({ select: (location) => location.href })
  useEffect(() => {
    if (hydrated) void slot.load().then((loaded) => loaded.check())
  }, [hydrated, slot])
  // Once: while the navigation runs, this page still renders with the sign-in page's address.
  const redirected = useRef(false)
  useEffect(() => {
    if (status !== 'signedOut' || redirected.current) return
    redirected.current = true
    void navigate({ to: '/login', search: { redirect: here }, replace: true })
  }, [status, navigate, here])
  return hydrated && runtime && user ? { user, runtime } : undefined
}
