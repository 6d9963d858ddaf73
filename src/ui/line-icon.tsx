// The site's decorative line icons (24×24 strokes in the text's colour). The text beside each
// one names its control or link, so every icon is hidden from assistive technology.
import type { ReactNode } from 'react'

export function LineIcon({
  className,
  size = 24,
  children,
}: {
  readonly className: string
  /** The rendered width and height in pixels. */
  readonly size?: number
  readonly children: ReactNode
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}
