import { useEffect, useRef } from 'react'

/**
 * Moves focus when a flow changes what it shows (`view`): `target(view, from)` picks the
 * element, so a screen reader hears the answer and the keyboard stays where the visitor
 * works. Nothing moves on the first render or while the view stays the same.
 */
export function useFocusOnView(
  view: string,
  target: (view: string, from: string) => HTMLElement | null | undefined,
): void {
  const previous = useRef(view)
  const pick = useRef(target)
  pick.current = target
  useEffect(() => {
    if (previous.current === view) return
    const from = previous.current
    previous.current = view
    pick.current(view, from)?.focus()
  }, [view])
}
