/**
 * The home page's artwork: each SVG in this folder is rasterised by `scripts/generate-images.ts`
 * into AVIF and WebP at these widths (the committed files in `../images/` are its output).
 * Hero slides are 16:9, cards 16:10; the widths cover 1× to 3× screens at their layout sizes
 * (a phone at 1.75× with a 380-px-wide slide takes the 768-px file, not the 1280-px one).
 */
export const artworkSpecs = {
  'hero-bridge': { ratio: [16, 9], widths: [480, 768, 1024, 1280] },
  'hero-design': { ratio: [16, 9], widths: [480, 768, 1024, 1280] },
  'hero-dashboard': { ratio: [16, 9], widths: [480, 768, 1024, 1280] },
  'card-code': { ratio: [16, 10], widths: [320, 640] },
  'card-ux': { ratio: [16, 10], widths: [320, 640] },
  'card-seo': { ratio: [16, 10], widths: [320, 640] },
  'card-servers': { ratio: [16, 10], widths: [320, 640] },
} as const satisfies Record<string, ArtworkSpec>

export type ArtworkSpec = {
  readonly ratio: readonly [number, number]
  readonly widths: readonly number[]
}

export type ArtworkName = keyof typeof artworkSpecs

export const imageFormats = ['avif', 'webp'] as const
export type ImageFormat = (typeof imageFormats)[number]

export function heightFor(spec: ArtworkSpec, width: number): number {
  return Math.round((width * spec.ratio[1]) / spec.ratio[0])
}

/** File name of one generated image, e.g. `hero-bridge-1280.avif`. */
export function imageFileName(name: ArtworkName, width: number, format: ImageFormat): string {
  return `${name}-${width}.${format}`
}
