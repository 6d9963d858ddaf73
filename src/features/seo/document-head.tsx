import { useLingui } from '@lingui/react'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { isLocale } from '../../domain/locales'

/**
 * Keeps title, description, canonical, hreflang and social tags right after client-side
 * navigation and language switches. Renders nothing: the prerendered page already carries
 * its head, so there is nothing for hydration to compare — and the code that builds a head
 * is only fetched once the visitor leaves the first page (it stays off the initial load).
 */
export function DocumentHead() {
  const { i18n } = useLingui()
  // The resolved location: the new page's loaders (and its catalog) have finished.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  const facts = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.page })
  const locale = i18n.locale
  const served = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (pathname === undefined || !isLocale(locale)) return
    const page = `${locale} ${pathname}`
    served.current ??= page
    if (page === served.current && document.head.querySelector('[data-seo]')) return
    served.current = ''
    void import('./sync-head').then(({ syncHead }) => syncHead(pathname, facts, locale, i18n))
  }, [pathname, facts, locale, i18n])
  return null
}
