// `npm run images`: rasterises the home page's SVG artwork into the AVIF and WebP files the page
// ships (committed in src/features/home/images/, with a manifest recording each source's hash so
// a test notices when an SVG changed without regenerating). Run it after editing any artwork.
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp, { type Sharp } from 'sharp'
import {
  type ArtworkName,
  artworkSpecs,
  heightFor,
  type ImageFormat,
  imageFileName,
} from '../src/features/home/artwork/artwork-specs'

const here = dirname(fileURLToPath(import.meta.url))
export const artworkDir = resolve(here, '../src/features/home/artwork')
export const imagesDir = resolve(here, '../src/features/home/images')
export const manifestPath = join(imagesDir, 'manifest.json')

export type ImageManifest = Record<
  ArtworkName,
  {
    readonly sourceSha256: string
    readonly outputs: readonly {
      readonly file: string
      readonly format: ImageFormat
      readonly width: number
      readonly height: number
      readonly bytes: number
    }[]
  }
>

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

// Flat vector art compresses well; these settings keep edges crisp without banding in gradients.
const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 60, effort: 6, chromaSubsampling: '4:4:4' }),
  webp: (image) => image.webp({ quality: 82, effort: 6, smartSubsample: true }),
}

async function render(svg: Buffer, viewBoxWidth: number, width: number, height: number) {
  // Rasterise at the target size (not downscaled from one big bitmap) so thin lines stay sharp.
  const density = (72 * width) / viewBoxWidth
  return sharp(svg, { density })
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
}

async function main(): Promise<void> {
  const manifest: Partial<ImageManifest> = {}
  for (const name of Object.keys(artworkSpecs) as ArtworkName[]) {
    const spec = artworkSpecs[name]
    const svg = await readFile(join(artworkDir, `${name}.svg`))
    const { width: viewBoxWidth } = await sharp(svg).metadata()
    if (!viewBoxWidth) throw new Error(`${name}.svg has no width`)
    const outputs = []
    for (const width of spec.widths) {
      const height = heightFor(spec, width)
      for (const format of ['avif', 'webp'] as const) {
        const file = imageFileName(name, width, format)
        const data = await encoders[format](
          await render(svg, viewBoxWidth, width, height),
        ).toBuffer()
        await writeFile(join(imagesDir, file), data)
        outputs.push({ file, format, width, height, bytes: data.length })
        console.log(`${file.padEnd(28)} ${width}×${height} ${(data.length / 1024).toFixed(1)} KiB`)
      }
    }
    manifest[name] = { sourceSha256: sha256(svg), outputs }
  }
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
