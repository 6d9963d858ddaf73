import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { PublishedCaseStudy } from '../../domain/content/published-content'

/** The drawing's size: 16:10, the service pages' artwork's proportions. */
export const caseStudyArtSize = { width: 640, height: 400 } as const

/** The palettes (background, shapes, line), the service artwork's colours. */
const palettes = [
  ['#e6eefb', '#1f4f99', '#2ec4b6', '#ffb703', '#231942'],
  ['#fdf0e6', '#e76f51', '#264653', '#e9c46a', '#231942'],
  ['#efeafc', '#5e548e', '#2ec4b6', '#ff6b6b', '#231942'],
  ['#e8f5ee', '#2a9d8f', '#1f4f99', '#f4a261', '#1d2430'],
] as const

/** A small, steady hash of the case study's id: the same drawing on every render. */
function seedOf(id: string): number {
  let hash = 2166136261
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return hash
}

/**
 * A case study's picture until the gallery has uploads: an abstract composition drawn here,
 * keyed by the case study (its palette, its bars' heights and its circles' places come from its
 * id), one bar per result. Its text alternative names the client, in the page's language.
 */
export function CaseStudyArt({
  caseStudy,
  className,
}: {
  readonly caseStudy: PublishedCaseStudy
  readonly className?: string
}) {
  const { t } = useLingui()
  const titleId = useId()
  const seed = seedOf(caseStudy.id)
  const [background, main, second, third, line] = palettes[seed % palettes.length] ?? palettes[0]
  const bars = Math.max(caseStudy.results.length, 3)
  const bit = (shift: number, range: number) => (seed >>> shift) % range
  const client = caseStudy.client
  return (
    <svg
      className={className}
      viewBox={`0 0 ${caseStudyArtSize.width} ${caseStudyArtSize.height}`}
      width={caseStudyArtSize.width}
      height={caseStudyArtSize.height}
      role="img"
      aria-labelledby={titleId}
    >
      <title
        id={titleId}
      >{t`An abstract drawing for the ${client} case study: rising bars and circles`}</title>
      <rect width="640" height="400" fill={background} />
      <circle
        cx={120 + bit(3, 120)}
        cy={90 + bit(7, 60)}
        r={70 + bit(11, 40)}
        fill={second}
        fillOpacity="0.35"
      />
      <circle
        cx={480 + bit(13, 100)}
        cy={300 - bit(17, 60)}
        r={90 + bit(19, 40)}
        fill={third}
        fillOpacity="0.35"
      />
      {Array.from({ length: bars }, (_, index) => {
        const height = 90 + ((index + 1) * 170) / bars - bit(index * 5 + 2, 30)
        const x = 150 + index * (340 / bars)
        return (
          <rect
            // The bars are drawn once, in order: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            x={x}
            y={340 - height}
            width={340 / bars - 18}
            height={height}
            rx="10"
            fill={index === bars - 1 ? main : second}
            fillOpacity={index === bars - 1 ? 1 : 0.55 + index * 0.1}
          />
        )
      })}
      <path
        d={`M130 ${300 - bit(23, 40)} C 260 ${250 - bit(5, 40)}, 380 ${170 - bit(9, 40)}, 520 ${90 + bit(15, 30)}`}
        fill="none"
        stroke={line}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="520" cy={90 + bit(15, 30)} r="14" fill={third} stroke={line} strokeWidth="5" />
      <rect x="110" y="340" width="420" height="6" rx="3" fill={line} />
    </svg>
  )
}
