import type { CardData } from '../../../../domain/content/content-schemas'

/** A card's badge glyph (a card without one has none). */
export type BadgeIcon = Exclude<CardData['badgeIcon'], ''>

// Decorative icons: the controls they sit in carry the accessible names.
type IconProps = { readonly className?: string }

const common = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  focusable: false,
} as const

export function PauseIcon({ className }: IconProps) {
  return (
    <svg aria-hidden="true" {...common} className={className}>
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  )
}

export function PlayIcon({ className }: IconProps) {
  return (
    <svg aria-hidden="true" {...common} className={className}>
      <path
        d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z"
        fill="currentColor"
      />
    </svg>
  )
}

export function PreviousIcon({ className }: IconProps) {
  return (
    <svg aria-hidden="true" {...common} className={className}>
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function NextIcon({ className }: IconProps) {
  return (
    <svg aria-hidden="true" {...common} className={className}>
      <path
        d="M9 5l7 7-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

const badgePaths: Record<BadgeIcon, string> = {
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  trend: 'M3 17l6-6 4 4 7-7M15 8h5v5',
}

export function BadgeGlyph({ icon, className }: IconProps & { readonly icon: BadgeIcon }) {
  const filled = icon === 'star'
  return (
    <svg aria-hidden="true" {...common} width={16} height={16} className={className}>
      <path
        d={badgePaths[icon]}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={filled ? 1 : 2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
