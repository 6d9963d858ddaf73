import type { Actor, Snapshot } from 'xstate'
import type { slideshowMachine } from '../../../machines/slideshow-machine'

/**
 * How the slideshow's island (src/hydration/slideshow-island.tsx) hands its machine to the app
 * (docs/decisions/068). The island runs the carousel before the app loads; when the app's own
 * carousel renders, it takes the island's machine's state as it is (the slide shown, playing or
 * paused, the pointer or focus inside), stops the island's machine and goes on from there. One
 * module for both: the island's file and the app's share it (scripts/code-splitting.ts puts the
 * island's modules in a file both load).
 */
type SlideshowActor = Actor<typeof slideshowMachine>

let rendering = false
let island: SlideshowActor | undefined
let taken = false

/** The island renders the carousel in `render` (synchronously), unless the app already runs it. */
export function renderIsland(render: () => void): void {
  if (taken) return
  rendering = true
  try {
    render()
  } finally {
    rendering = false
  }
}

/** Read as the carousel's hook first renders: is this the island's carousel? */
export function inIsland(): boolean {
  return rendering
}

/** The island's machine has started; stopped at once if the app's carousel already took over. */
export function offerIslandSlideshow(actor: SlideshowActor): void {
  if (taken) actor.stop()
  else island = actor
}

/**
 * For the app's carousel: the island's machine's state (its machine stopped), or undefined
 * when no island ran it; from now on no island starts.
 */
export function takeIslandSlideshow(): Snapshot<unknown> | undefined {
  taken = true
  const actor = island
  island = undefined
  if (!actor) return undefined
  const snapshot = actor.getPersistedSnapshot()
  actor.stop()
  return snapshot
}
