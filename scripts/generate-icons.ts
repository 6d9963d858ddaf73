// `npm run icons`: draws the site's icons from public/favicon.svg — the PNG favicon for
// browsers without SVG favicons, the Apple touch icon and the web app manifest's icons —
// into public/icons/ (committed). Run it after editing the favicon.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const here = dirname(fileURLToPath(import.meta.url))
export const publicDir = resolve(here, '../public')
export const iconsDir = join(publicDir, 'icons')

/** name → pixel size; `fullBleed` icons are square tiles the platform rounds itself. */
export const iconSpecs = [
  { file: 'favicon-32.png', size: 32, fullBleed: false },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
  { file: 'icon-192.png', size: 192, fullBleed: true },
  { file: 'icon-512.png', size: 512, fullBleed: true },
] as const

/** The favicon with square corners and the bridge inside the maskable safe zone (80 %). */
function fullBleed(svg: string): string {
  return svg
    .replace('rx="16"', 'rx="0"')
    .replace(/<g class="line"/, '<g transform="translate(6.4 6.4) scale(0.8)"><g class="line"')
    .replace('</g></svg>', '</g></g></svg>')
}

async function main(): Promise<void> {
  const svg = await readFile(join(publicDir, 'favicon.svg'), 'utf8')
  for (const { file, size, fullBleed: bleed } of iconSpecs) {
    const source = Buffer.from(bleed ? fullBleed(svg) : svg)
    const data = await sharp(source, { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
    await writeFile(join(iconsDir, file), data)
    console.log(`${file.padEnd(22)} ${size}×${size} ${data.length} B`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
