import { type ReactElement, Suspense, useEffect, useState } from 'react'

/**
 * Hydration in turns (docs/decisions/024). Hydrating a whole prerendered page is one task of
 * the main thread, and a phone's Total Blocking Time counts every millisecond of a task beyond
 * 50. Parts of the page wrapped in `HydrateInTurn` are left as the server rendered them by the
 * first hydration pass (Preact keeps the markup of a component that suspends while hydrating)
 * and hydrate later, each in a task of its own (a part inside a part after its container).
 *
 * Until its turn a part is plain HTML: its links navigate as links do without JavaScript, and
 * a click on one of its buttons is kept and replayed once the page is live (src/hydration).
 * A part's child renders exactly one element: the markup Preact keeps is one node.
 * Outside hydration (the server, a client-side navigation, the tests' renderer) a part renders
 * its child at once.
 */
export function HydrateInTurn({ children }: { readonly children: ReactElement }) {
  const [part] = useState(newPart)
  // A part taken away before it hydrated (a navigation) must not hold up the parts after it.
  useEffect(() => () => part.finish(), [part])
  return (
    <Suspense fallback={null}>
      <Turn part={part}>{children}</Turn>
    </Suspense>
  )
}

type Part = {
  /** The part renders its child (its turn has come, or it never had to wait). */
  ready: boolean
  /** Thrown while the part waits: resolved when its turn comes. */
  turn?: Promise<void>
  /** The part has hydrated and run its effects, or is gone. */
  finish: () => void
}

type Waiting = { readonly start: () => void; readonly hydrated: Promise<void> }

let deferring = false
const waiting: Waiting[] = []

function newPart(): Part {
  const part: Part = { ready: !deferring, finish: () => {} }
  if (!part.ready) {
    const hydrated = new Promise<void>((resolve) => {
      part.finish = resolve
    })
    part.turn = new Promise<void>((start) => waiting.push({ start, hydrated })).then(() => {
      part.ready = true
    })
  }
  return part
}

function Turn({ part, children }: { readonly part: Part; readonly children: ReactElement }) {
  // Runs after the effects of the part's content: the part is live.
  useEffect(() => {
    if (part.ready) part.finish()
  })
  if (!part.ready && part.turn) throw part.turn
  return children
}

/** The entry point hydrates prerendered HTML: parts wait for their turn. */
export function deferParts(): void {
  deferring = true
}

/**
 * After the first hydration pass: each waiting part hydrates in a task of its own (`nextTask`
 * ends the current one), and its effects run, before the next one starts; resolves once they
 * all have. Parts mounted from now on render at once.
 */
export async function hydrateParts(nextTask: () => Promise<void>): Promise<void> {
  for (let part = waiting.shift(); part; part = waiting.shift()) {
    await nextTask()
    // The part renders in this task's microtasks (its Suspense boundary renders again).
    part.start()
    await part.hydrated
  }
  deferring = false
}
