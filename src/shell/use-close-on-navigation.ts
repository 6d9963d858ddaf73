import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** Sends `navigated` whenever the router lands on another URL (not on the first render). */
export function useCloseOnNavigation(send: (event: { readonly type: 'navigated' }) => void): void {
  const href = useLocation({ select: (location) => location.href })
  const previous = useRef(href)
  useEffect(() => {
    if (previous.current === href) return
    previous.current = href
    send({ type: 'navigated' })
  }, [href, send])
}
