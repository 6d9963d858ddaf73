import { type ReactElement, Suspense, useRef } from 'react'

/**
 * Hydration in turns (docs/decisions/024). Hydrating a whole prerendered page is one task of
 * the main thread, and a phone's Total Blocking Time counts every millisecond of a task beyond
 * 50. Parts of the page wrapped in `HydrateInTurn` are left as the server rendered them by the
 * first hydration pass (Preact keeps the markup of a component that suspends while hydrating)
 * and hydrate later, each in a task of its own, in document order.
 *
 * Rules for a part:
 * - its child renders exactly one element (the markup Preact keeps is one node);
 * - it holds no control that needs the app (a `button`): until its turn it is plain HTML, and
 *   early clicks are replayed only on the first pass's buttons. Links are fine: before their
 *   turn they navigate as links do without JavaScript.
 * Outside hydration (the server, a client-side navigation, the tests' renderer) it renders its
 * child at once.
 */
export function HydrateInTurn({ children }: { readonly children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  )
}

let deferring = false
const waiting: (() => void)[] = []

function Turn({ children }: { readonly children: ReactElement }) {
  const ready = useRef(!deferring)
  const turn = useRef<Promise<void> | null>(null)
  if (!ready.current) {
    turn.current ??= new Promise<void>((resolve) => waiting.push(resolve)).then(() => {
      ready.current = true
    })
    throw turn.current
  }
  return children
}

/** The entry point hydrates prerendered HTML: parts wait for their turn. */
export function deferParts(): void {
  deferring = true
}

/**
 * After the first hydration pass: each waiting part hydrates in a task of its own (`nextTask`
 * ends the current one); resolves once they all have. Parts mounted from now on render at once.
 */
export async function hydrateParts(nextTask: () => Promise<void>): Promise<void> {
  deferring = false
  for (const resolve of waiting.splice(0)) {
    await nextTask()
    // The part renders in this task's microtasks (a Suspense boundary re-rendering).
    resolve()
  }
  await nextTask()
}
