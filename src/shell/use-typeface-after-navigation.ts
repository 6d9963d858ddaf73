import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * A visitor's first page is drawn in the fallback font, Inter fetched once it has loaded but
 * never applied to it (index.html, docs/decisions/057): switching fonts lays the whole page out
 * again. The app switches at its first client-side navigation instead, when the page's content
 * changes anyway, once Inter has arrived.
 */
export function useTypefaceAfterNavigation(): void {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged }) => {
        const root = document.documentElement
        if (!pathChanged || root.dataset.typeface || !('fonts' in document)) return
        if (document.fonts.check('1em Inter')) root.dataset.typeface = 'inter'
      }),
    [router],
  )
}
