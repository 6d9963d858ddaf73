import { useRouter } from '@tanstack/react-router'
import { type RefObject, useEffect } from 'react'

/** How long after a navigation a loss of focus still counts as caused by it. */
const WATCH_MS = 2000

/**
 * After a client-side navigation, a keyboard or screen-reader user whose focus was lost (the
 * link they used sat in a panel that closed, or left the page) continues at the new page's
 * content instead of the top of the document. Focus that is still somewhere is left alone.
 *
 * The menus close in their own render after the router has resolved, so at that moment the
 * followed link can still be visible: the check repeats on every frame until focus is lost
 * (then main is focused), the visitor moves focus themselves, or the watch ends.
 */
export function useFocusAfterNavigation(target: RefObject<HTMLElement | null>): void {
  const router = useRouter()
  useEffect(() => {
    let stopWatching = (): void => undefined
    const unsubscribe = router.subscribe('onResolved', ({ pathChanged }) => {
      if (!pathChanged) return
      stopWatching()
      stopWatching = watchForLostFocus(() => target.current?.focus({ preventScroll: true }))
    })
    return () => {
      stopWatching()
      unsubscribe()
    }
  }, [router, target])
}

function watchForLostFocus(onLost: () => void): () => void {
  const until = performance.now() + WATCH_MS
  let frame = 0
  const stop = (): void => {
    cancelAnimationFrame(frame)
    document.removeEventListener('focusin', stop)
  }
  const check = (): void => {
    if (focusIsLost()) {
      stop()
      onLost()
    } else if (performance.now() < until) {
      frame = requestAnimationFrame(check)
    } else {
      stop()
    }
  }
  document.addEventListener('focusin', stop)
  check()
  return stop
}

function focusIsLost(): boolean {
  const active = document.activeElement
  if (active === null || active === document.body) return true
  // A focused element inside a panel that has just been hidden, or a page that was replaced,
  // keeps `activeElement` until the browser's next focus fix-up.
  return !active.isConnected || !active.checkVisibility()
}
