import { useLingui } from '@lingui/react'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { isLocale } from '../../../domain/locales'

/**
 * Keeps title, description, canonical, hreflang and social tags right after client-side
 * navigation and language switches. Renders nothing: the prerendered page already carries
 * its head, so there is nothing for hydration to compare — and the code that builds a head
 * is only fetched once the visitor leaves the first page (it stays off the initial load).
 */
export function DocumentHead() {
  const { i18n } = useLingui()
  const router = useRouter()
  // The resolved location: the new page's loaders (and its catalog) have finished.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  const facts = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.page })
  const locale = i18n.locale
  const served = useRef<string | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the page's facts alone also calls for a new head (read from the router when applied)
  useEffect(() => {
    if (pathname === undefined || !isLocale(locale)) return
    const page = `${locale} ${pathname}`
    served.current ??= page
    if (page === served.current && document.head.querySelector('[data-seo]')) return
    served.current = ''
    void import('./sync-head').then(({ syncHead }) => {
      // The page and language as they are now, read together: a language switch moves both
      // the language and the path, and the values this effect saw may already be stale (the
      // updates can reach the hooks in either order). The last update always ends right.
      const now = router.state.resolvedLocation?.pathname ?? pathname
      const nowLocale = i18n.locale
      if (!isLocale(nowLocale)) return
      syncHead(now, router.state.matches.at(-1)?.staticData.page, nowLocale, i18n)
    })
  }, [pathname, facts, locale, i18n, router])
  return null
}
