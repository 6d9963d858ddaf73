import {
  type ArtworkName,
  artworkSpecs,
  heightFor,
  type ImageFormat,
  imageFileName,
} from './artwork/artwork-specs'

/** One artwork at every generated size, ready for `<picture>`: a srcset per format. */
export type ImageSet = {
  /** Intrinsic size of the largest file (the aspect ratio the page reserves). */
  readonly width: number
  readonly height: number
  readonly srcset: Readonly<Record<ImageFormat, string>>
  /** The largest WebP, for browsers without `<picture>` source support. */
  readonly src: string
}

// Vite fingerprints each generated file and gives back its URL.
const urls = import.meta.glob<string>('./images/*.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
})

function url(file: string): string {
  const found = urls[`./images/${file}`]
  if (found === undefined) {
    throw new Error(`The generated image ${file} is missing: run \`npm run images\``)
  }
  return found
}

function imageSet(name: ArtworkName): ImageSet {
  const spec = artworkSpecs[name]
  const widths = [...spec.widths].sort((a, b) => a - b)
  const largest = widths[widths.length - 1] ?? 0
  const srcset = (format: ImageFormat) =>
    widths.map((width) => `${url(imageFileName(name, width, format))} ${width}w`).join(', ')
  return {
    width: largest,
    height: heightFor(spec, largest),
    srcset: { avif: srcset('avif'), webp: srcset('webp') },
    src: url(imageFileName(name, largest, 'webp')),
  }
}

// Listed one by one so the compiler checks that every artwork has its set.
export const imageSets: Record<ArtworkName, ImageSet> = {
  'hero-bridge': imageSet('hero-bridge'),
  'hero-design': imageSet('hero-design'),
  'hero-dashboard': imageSet('hero-dashboard'),
  'card-code': imageSet('card-code'),
  'card-ux': imageSet('card-ux'),
  'card-seo': imageSet('card-seo'),
  'card-servers': imageSet('card-servers'),
}

/** The set of a built-in artwork named in the site's content, if the build has it. */
export function imageSetOf(asset: string): ImageSet | undefined {
  return isArtwork(asset) ? imageSets[asset] : undefined
}

const isArtwork = (name: string): name is ArtworkName => Object.hasOwn(imageSets, name)
