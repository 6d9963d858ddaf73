import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect } from 'react'

type DismissEvent = { readonly type: 'escape' | 'outside.click' | 'focus.leave' }

/**
 * Turns DOM happenings around an open disclosure into machine events: Escape inside it, a
 * pointer press outside it, focus moving to an element outside it. `containerRef` wraps both
 * the trigger and the panel. Returns the handlers to spread on that container.
 */
export function useDismissable(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  send: (event: DismissEvent) => void,
): {
  readonly onKeyDown: (event: KeyboardEvent) => void
  readonly onBlur: (event: FocusEvent) => void
} {
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target
      if (target instanceof Node && !containerRef.current?.contains(target)) {
        send({ type: 'outside.click' })
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, containerRef, send])

  return {
    onKeyDown: (event) => {
      if (open && event.key === 'Escape') {
        event.preventDefault()
        send({ type: 'escape' })
      }
    },
    onBlur: (event) => {
      // Only a move to another element of the page counts; focus leaving the window
      // (another tab, the address bar) keeps the panel as it was.
      const next = event.relatedTarget
      if (open && next instanceof Node && !containerRef.current?.contains(next)) {
        send({ type: 'focus.leave' })
      }
    },
  }
}
