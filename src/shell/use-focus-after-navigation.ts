import { useRouter } from '@tanstack/react-router'
import { type RefObject, useEffect } from 'react'

/**
 * After a client-side navigation, a keyboard or screen-reader user whose focus was lost (the
 * link they used sat in a panel that closed, or left the page) continues at the new page's
 * content instead of the top of the document. Focus that is still somewhere is left alone.
 */
export function useFocusAfterNavigation(target: RefObject<HTMLElement | null>): void {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged }) => {
        if (!pathChanged) return
        const active = document.activeElement
        if (active === null || active === document.body) {
          target.current?.focus({ preventScroll: true })
        }
      }),
    [router, target],
  )
}
