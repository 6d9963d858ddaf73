import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ThemeProvider } from '../../theme/theme-actor'
import { MobileBar } from './mobile-bar'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout({ children }: { readonly children: ReactNode }) {
  return (
    <ThemeProvider>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <MobileBar />
    </ThemeProvider>
  )
}
