// Decorative 24×24 line icons for the mobile bar and the header controls; the text beside
// each one names the control, so every icon is aria-hidden.
import type { ReactNode } from 'react'
import { LineIcon } from '../../ui/line-icon'

type IconProps = { readonly className?: string }

function Icon({ children, className }: IconProps & { readonly children: ReactNode }) {
  return <LineIcon className={className ?? 'nav-icon'}>{children}</LineIcon>
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Icon>
  )
}

export function AboutIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6" />
      <path d="M12 7.5v.5" />
    </Icon>
  )
}

export function ServicesIcon() {
  return (
    <Icon>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <rect x="14" y="14" width="6" height="6" rx="1" />
    </Icon>
  )
}

export function ContactIcon() {
  return (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </Icon>
  )
}

export function SettingsIcon() {
  return (
    <Icon>
      <path d="M4 6h10M18 6h2M4 12h2M10 12h10M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="8" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  )
}

export function MyServicesIcon() {
  return (
    <Icon>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2" />
      <path d="M3 13h18" />
    </Icon>
  )
}

export function InboxIcon() {
  return (
    <Icon>
      <path d="M3 13 6 5h12l3 8v6H3z" />
      <path d="M3 13h5l1 3h6l1-3h5" />
    </Icon>
  )
}

export function ProfileIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </Icon>
  )
}

export function GlobeIcon() {
  return (
    <Icon className="control-icon">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9c-2.5-2.7-3.7-5.7-3.7-9S9.5 5.7 12 3z" />
    </Icon>
  )
}

export function ChevronIcon() {
  return (
    <Icon className="chevron-icon">
      <path d="m6 9 6 6 6-6" />
    </Icon>
  )
}
