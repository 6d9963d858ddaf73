import { useEffect, useRef } from 'react'

/**
 * A section a link leads to by its heading's id (`/my-services/<id>#proposal-heading`), which
 * appears only once its data has loaded: when it is present and the address names it, it is
 * scrolled to the top and its heading takes the focus (screen readers start there), once per
 * visit. The router's own hash scrolling runs before the section exists.
 */
export function useArrivalTarget(id: string, present: boolean): void {
  const arrived = useRef(false)
  useEffect(() => {
    if (!present || arrived.current || window.location.hash !== `#${id}`) return
    const target = document.getElementById(id)
    if (!target) return
    arrived.current = true
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.scrollIntoView?.({ block: 'start' })
    target.focus({ preventScroll: true })
  }, [id, present])
}
