// `npm run typeface`: the site's typeface, Inter (SIL Open Font License 1.1), cut down from the
// npm package @fontsource-variable/inter to what the pages draw, into src/styles/fonts/
// (committed; the build gives it a hashed name), with its @font-face rules in src/styles/typeface.css
// (scripts/typeface-css.ts). Run it after upgrading the package or changing
// the characters below (docs/decisions/057).
//
// The cut: Fontsource's "latin" file of the variable font (every weight, 48 kB) keeps
// - the weight axis from 400 to 700 only: the stylesheets use 400, 600 and 700;
// - Basic Latin and Latin-1 (Spanish's á é í ó ú ñ ü ¿ ¡ and their capitals, « », ×, ©) and the
//   typographic punctuation the copy uses (– — ‘ ’ “ ” … • € ™ −);
// - the font's default OpenType features (kerning, ligatures, contextual forms) and no hinting.
// 28 kB: the one font file every page loads.
import { execFileSync } from 'node:child_process'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import { typefaceCss, typefaceCssFile } from './typeface-css'

const here = dirname(fileURLToPath(import.meta.url))
export const fontsDir = resolve(here, '../src/styles/fonts')
/** The shipped file: src/styles/typeface.css names it, index.html preloads it. */
export const typefaceFileName = 'inter-latin-wght-400-700.woff2'
export const typefaceFile = join(fontsDir, typefaceFileName)
export const weightRange = { min: 400, max: 700 } as const

const ranges: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
]

/** Every code point the shipped file holds (the @font-face's unicode-range says the same). */
export const subsetCodePoints: readonly number[] = ranges.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index),
)

/** The ranges in CSS's unicode-range syntax. */
export const unicodeRange = ranges
  .map(([first, last]) => {
    const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0')
    return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`
  })
  .join(', ')

const require = createRequire(import.meta.url)
const packageDir = dirname(require.resolve('@fontsource-variable/inter/package.json'))

async function main(): Promise<void> {
  const source = await readFile(join(packageDir, 'files/inter-latin-wght-normal.woff2'))
  const subset = await subsetFont(source, String.fromCodePoint(...subsetCodePoints), {
    targetFormat: 'woff2',
    variationAxes: { wght: weightRange },
  })
  await writeFile(typefaceFile, subset)
  await copyFile(join(packageDir, 'LICENSE'), join(fontsDir, 'LICENSE-Inter.txt'))
  await writeFile(typefaceCssFile, await typefaceCss(typefaceFileName, unicodeRange))
  // In the project's style, as `npx biome ci .` wants it.
  execFileSync('npx', ['biome', 'format', '--write', typefaceCssFile], { stdio: 'inherit' })
  console.log(`${typefaceFile}: ${subset.length} B (from ${source.length} B); ${typefaceCssFile}`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
