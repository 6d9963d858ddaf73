// The theme toggle's sun and moon, drawn: as characters (☀ ☾) they came from whichever symbol
// font the device had, since the site's typeface has neither (docs/decisions/057).
import type { ReactNode } from 'react'
import { LineIcon } from '../../ui/line-icon'

function ThemeIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <LineIcon className={`theme-icon ${className}`} size={20}>
      {children}
    </LineIcon>
  )
}

export function SunIcon() {
  return (
    <ThemeIcon className="theme-icon-light">
      <circle cx="12" cy="12" r="5" />
      <path d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
    </ThemeIcon>
  )
}

export function MoonIcon() {
  return (
    <ThemeIcon className="theme-icon-dark">
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </ThemeIcon>
  )
}
