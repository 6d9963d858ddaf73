import { useLocation, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { Locale } from '../../domain/locales'
import { pathInLanguage } from '../../domain/pages/language-twin'
import { setLanguage } from '../i18n/language-preference'
import { knownPublishedContent } from '../ui/published-content'

/** Switches the language; on a page that exists per language, goes to its twin. */
export function useLanguageSwitch(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate()
  const pathname = useLocation({ select: (location) => location.pathname })
  return useCallback(
    async (locale: Locale) => {
      await setLanguage(locale)
      const target = pathInLanguage(pathname, locale, knownPublishedContent()?.caseStudies)
      if (target !== pathname) await navigate({ to: target })
    },
    [navigate, pathname],
  )
}
