import { useSyncExternalStore } from 'react'

let hydrating = false
const listeners = new Set<() => void>()

/**
 * The entry point says when it hydrates prerendered HTML (true before, false once the tree has
 * hydrated). Preact's `useSyncExternalStore` has no server snapshot to hydrate with, and it does
 * not patch attributes that differ while hydrating: this flag is what keeps the first render
 * equal to the server's, and what triggers the render with the real state afterwards.
 */
export function setHydrating(value: boolean): void {
  hydrating = value
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isHydrated = () => typeof window !== 'undefined' && !hydrating

/**
 * False while prerendered HTML hydrates (and on the server), true afterwards. A state the
 * server cannot know (the stored theme) renders as the server did first, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isHydrated, () => false)
}
