import type { SessionRuntime } from './session-runtime'

/**
 * Where the app's session lives in the router's context (one per router, so one QueryClient
 * per app): empty until something needs it, then the runtime loaded from its own chunk.
 */
export type SessionSlot = {
  /** The runtime, once loaded. */
  current(): SessionRuntime | undefined
  /** Loads the runtime (once) and resolves with it. */
  load(): Promise<SessionRuntime>
  /** Called when the runtime has loaded. */
  subscribe(listener: () => void): () => void
}

export function createSessionSlot(): SessionSlot {
  let runtime: SessionRuntime | undefined
  let loading: Promise<SessionRuntime> | undefined
  const listeners = new Set<() => void>()
  return {
    current: () => runtime,
    load() {
      loading ??= import('./session-runtime').then(({ createSessionRuntime }) => {
        runtime = createSessionRuntime()
        for (const listener of listeners) listener()
        return runtime
      })
      return loading
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
