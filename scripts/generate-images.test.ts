import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  type ArtworkName,
  artworkSpecs,
  heightFor,
  imageFileName,
  imageFormats,
} from '../src/features/home/artwork/artwork-specs'
import { artworkDir, type ImageManifest, imagesDir, manifestPath, sha256 } from './generate-images'

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ImageManifest
const names = Object.keys(artworkSpecs) as ArtworkName[]
// sharp reports AVIF as HEIF with the AV1 codec.
const sharpFormat = { avif: 'heif', webp: 'webp' } as const

describe('the home page images', () => {
  it('are regenerated from the current SVG sources (run `npm run images` after editing one)', () => {
    for (const name of names) {
      const svg = readFileSync(join(artworkDir, `${name}.svg`))
      expect(manifest[name]?.sourceSha256, `${name}.svg`).toBe(sha256(svg))
    }
  })

  it('draw every SVG source at the aspect ratio its images have', async () => {
    for (const name of names) {
      const { width, height } = await sharp(join(artworkDir, `${name}.svg`)).metadata()
      const [w, h] = artworkSpecs[name].ratio
      expect((width ?? 0) * h, name).toBe((height ?? 0) * w)
    }
  })

  it('exist in AVIF and WebP at exactly the specified sizes, and nothing else is committed', async () => {
    const expected: string[] = []
    for (const name of names) {
      const spec = artworkSpecs[name]
      for (const width of spec.widths) {
        for (const format of imageFormats) {
          const file = imageFileName(name, width, format)
          expected.push(file)
          const metadata = await sharp(join(imagesDir, file)).metadata()
          expect(
            { format: metadata.format, width: metadata.width, height: metadata.height },
            file,
          ).toEqual({ format: sharpFormat[format], width, height: heightFor(spec, width) })
          if (format === 'avif') expect(metadata.compression, file).toBe('av1')
        }
      }
    }
    const committed = readdirSync(imagesDir).filter((file) => file !== 'manifest.json')
    expect(committed.sort()).toEqual(expected.sort())
  })

  it('stay small: under 32 KiB each, and each AVIF smaller than its WebP', () => {
    for (const name of names) {
      for (const width of artworkSpecs[name].widths) {
        const bytes = (format: 'avif' | 'webp') =>
          readFileSync(join(imagesDir, imageFileName(name, width, format))).length
        expect(bytes('webp'), `${name}-${width}.webp`).toBeLessThan(32 * 1024)
        expect(bytes('avif'), `${name}-${width}.avif`).toBeLessThan(bytes('webp'))
      }
    }
  })
})
