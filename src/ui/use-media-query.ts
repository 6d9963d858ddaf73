import { useSyncExternalStore } from 'react'

/**
 * Whether the window matches a CSS media query, followed as it changes (a window resized, a
 * tablet turned). Where there is no `matchMedia` (the prerender, jsdom) it does not match: what
 * a query switches on is the wider screen's layout, the narrow one is the default.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}
