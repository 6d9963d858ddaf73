import andres from './portraits/andres-villalobos.svg?url'
import diego from './portraits/diego-hernandez.svg?url'
import lucia from './portraits/lucia-ramirez.svg?url'
import mariana from './portraits/mariana-ortega.svg?url'
import sofia from './portraits/sofia-castaneda.svg?url'

/** Every portrait is 240 × 240. */
export const portraitSize = 240

/**
 * The illustrated portraits built into the site (240 × 240 SVG: drawn, never photographs), by
 * the asset name a team member's image names in the site's content.
 */
const portraits: Readonly<Record<string, string>> = {
  'lucia-ramirez': lucia,
  'mariana-ortega': mariana,
  'diego-hernandez': diego,
  'andres-villalobos': andres,
  'sofia-castaneda': sofia,
}

/** The portrait named `asset`, if the build has it. */
export function portraitOf(asset: string): string | undefined {
  return Object.hasOwn(portraits, asset) ? portraits[asset] : undefined
}
