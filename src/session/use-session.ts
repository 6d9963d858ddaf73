import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { onUnauthenticated } from '../api/http-client'
import { wasSignedIn } from './session-hint'
import type { SessionRuntime, SessionView } from './session-runtime'
import type { SessionSlot } from './session-slot'

/** Before the runtime loads (and in prerendered HTML, which is for everyone). */
const notAsked: SessionView = { status: 'unknown', user: undefined, signOutFailed: false }

export function useSessionSlot(): SessionSlot {
  return useRouter().options.context.session
}

/** The loaded runtime, or undefined; re-renders when it arrives. */
export function useSessionRuntime(): SessionRuntime | undefined {
  const slot = useSessionSlot()
  return useSyncExternalStore(slot.subscribe, slot.current, () => undefined)
}

/** The session as the header, the mobile bar and the pages show it. */
export function useSession(): SessionView {
  const runtime = useSessionRuntime()
  const subscribe = useCallback(
    (listener: () => void) => runtime?.subscribe(listener) ?? (() => {}),
    [runtime],
  )
  const read = useCallback(() => runtime?.view() ?? notAsked, [runtime])
  return useSyncExternalStore(subscribe, read, () => notAsked)
}

/**
 * For the site frame, once: after hydration, asks who is signed in when the server's hint
 * cookie says a session is open (session-hint.ts); and turns any answer that says the session is gone into
 * the session's `expired`.
 */
export function useSessionWatch(): void {
  const slot = useSessionSlot()
  const runtime = useSessionRuntime()
  useEffect(() => {
    if (wasSignedIn()) void slot.load().then((loaded) => loaded.check())
  }, [slot])
  useEffect(() => (runtime ? onUnauthenticated(() => runtime.expired()) : undefined), [runtime])
}
