import { type ReactNode, useEffect } from 'react'

/**
 * Calls `onHydrated` once the tree below has hydrated and run its effects (the machines have
 * started): an outer component's effect runs after all of its children's.
 */
export function AfterHydration({
  onHydrated,
  children,
}: {
  readonly onHydrated: () => void
  readonly children: ReactNode
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useEffect(() => onHydrated(), [])
  return children
}
