import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React hydrates prerendered HTML (and on the server), true afterwards. A state
 * the server cannot know (the stored theme) renders as the server did first, then updates:
 * React does not patch attributes that differ during hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
