import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the prerendered HTML and during hydration, true once React runs the page: a form
 * stays inert until its submit handler exists (a native submit would put the password in the
 * URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
