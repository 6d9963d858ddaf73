import { Trans } from '@lingui/react/macro'
import { type ReactNode, useRef } from 'react'
import { ThemeProvider } from '../../features/theme/theme-actor'
import { useFocusAfterNavigation } from '../use-focus-after-navigation'
import { useTypefaceAfterNavigation } from '../use-typeface-after-navigation'
import { MobileBar } from './mobile-bar'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout({ children }: { readonly children: ReactNode }) {
  const main = useRef<HTMLElement>(null)
  useFocusAfterNavigation(main)
  useTypefaceAfterNavigation()
  return (
    <ThemeProvider>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
      <SiteFooter />
      <MobileBar />
    </ThemeProvider>
  )
}
