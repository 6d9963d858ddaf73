import type { InspectionEvent, Observer } from 'xstate'

/**
 * Every machine actor the app creates reports through `inspectorOptions`, XState's inspection
 * API. Use it wherever an actor is created: `useMachine(machine, { ...inspectorOptions })`,
 * `<ActorContext.Provider options={{ input, ...inspectorOptions }}>`. Two listeners:
 * - a probe a test installs before the app starts (`globalThis.__machineProbe`): the path
 *   tests compare what each component's actor really did with the machine's model, in jsdom
 *   and in the built site in Chromium (docs/decisions/010). Without a probe it costs one
 *   property lookup per inspection event;
 * - development only: the repository's own inspector. Every tab of `npm run dev` relays its
 *   actors through the dev server to the page `/__inspector` (inspector-relay.ts,
 *   scripts/inspector/), which works offline. With `?inspect` in the URL, the hosted Stately
 *   inspector (@statelyai/inspect) as well. In a production build `import.meta.env.DEV` is
 *   false, so both dynamic imports below are dead code the bundler drops: neither ships.
 */
type Inspect = Observer<InspectionEvent>
type ProbeHost = { readonly __machineProbe?: (event: InspectionEvent) => void }

const wanted =
  import.meta.env.DEV &&
  typeof window !== 'undefined' &&
  new URLSearchParams(window.location.search).has('inspect')

// Events that arrive before the inspector module has loaded wait here, in order.
const pending: InspectionEvent[] = []
let forward: ((event: InspectionEvent) => void) | undefined
let loading = false

function load(): void {
  if (loading || !import.meta.env.DEV) return
  loading = true
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    // Opening the inspector window needs a user gesture (popup blockers), so it starts from a
    // button; until then the inspector keeps the events itself.
    const inspector = createBrowserInspector({ autoStart: false, maxDeferredEvents: 5000 })
    forward = (event) => inspector.inspect.next?.(event)
    for (const event of pending.splice(0)) forward(event)
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Open the state machine inspector'
    button.style.cssText = 'position:fixed;top:0.5rem;right:0.5rem;z-index:1000;padding:0.5rem'
    button.addEventListener('click', () => {
      inspector.start()
      button.remove()
    })
    document.body.append(button)
  })
}

// The dev server's channel exists in `npm run dev` only (not in tests, not in a build).
const relayed = import.meta.env.DEV && typeof window !== 'undefined' && Boolean(import.meta.hot)
const relayPending: InspectionEvent[] = []
let relay: ((event: InspectionEvent) => void) | undefined

function toRelay(event: InspectionEvent): void {
  if (!import.meta.env.DEV) return
  if (relay) {
    relay(event)
    return
  }
  relayPending.push(event)
  if (relayPending.length > 1) return
  void import('./inspector-relay').then(({ relayInspection }) => {
    relay = relayInspection
    for (const waiting of relayPending.splice(0)) relayInspection(waiting)
  })
}

const inspect: Inspect = {
  next: (event) => {
    ;(globalThis as ProbeHost).__machineProbe?.(event)
    if (relayed) toRelay(event)
    if (!wanted) return
    if (forward) forward(event)
    else {
      pending.push(event)
      load()
    }
  },
}

/** Spread into the options of every actor the app creates. */
export const inspectorOptions: { readonly inspect: Inspect } = { inspect }
