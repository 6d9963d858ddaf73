// src/styles/typeface.css, written by `npm run typeface` (scripts/subset-typeface.ts): the site's
// typeface and its metric-matched fallbacks (docs/decisions/057).
//
// Inter loads with `font-display: swap`: until it has arrived the text is drawn in a font the
// device has, scaled and spaced so that each line takes the room Inter's will take, and the swap
// moves nothing (no layout shift). With each font's lengths in units of its em:
//   size-adjust      = how wide Inter sets the site's own copy / how wide the fallback sets it
//   ascent-override  = Inter's ascent / size-adjust (and likewise descent and line gap),
// so a line in the fallback is as long as in Inter, and as tall. The widths are the copy of both
// languages' catalogs shaped by HarfBuzz (kerning and ligatures included, as browsers set it) in
// the shipped Inter file at each weight and in a file of each fallback: Liberation Sans (from
// pdfjs-dist) for Arial, whose widths it shares, and DejaVu Sans (server/proposals/fonts/).
// Capsize's average-width method (Next.js's and fontaine's: Inter's average latin glyph width /
// the fallback's) left bold headings 0.7 % too wide in Arial, enough to wrap the Spanish home
// page's title on a desktop; no package ships Roboto's bold, so Roboto keeps that method
// (its metrics from @capsizecss/metrics). Inter's ascent, descent and line gap are the shipped
// file's (@capsizecss/metrics has the same; a test checks it).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection'
import { Blob, Face, Font, Buffer as HarfBuzzBuffer, shape, Variation } from 'harfbuzzjs'
import subsetFont from 'subset-font'
import { readPo } from '../tests/po-file'

const here = dirname(fileURLToPath(import.meta.url))
export const typefaceCssFile = join(here, '../src/styles/typeface.css')
const interFile = join(here, '../src/styles/fonts/inter-latin-wght-400-700.woff2')
const liberationDir = join(here, '../node_modules/pdfjs-dist/standard_fonts')
const dejaVuDir = join(here, '../server/proposals/fonts')

/** What the computation needs of a font (capsize's names; lengths in font units). */
export type FontMetrics = {
  readonly ascent: number
  readonly descent: number
  readonly lineGap: number
  readonly unitsPerEm: number
  readonly xWidthAvg: number
}
type Weight = 400 | 700
/** How a fallback face's size is matched: by a file of it, or by capsize's average width. */
type Match = { readonly file: string } | { readonly metrics: FontMetrics }
/** A font a device may have, by the names `local()` finds it under, per weight. */
type Fallback = {
  readonly family: string
  readonly faces: Record<Weight, { readonly local: readonly string[]; readonly match: Match }>
}

type CapsizeFont = FontMetrics & { readonly variants?: Partial<Record<string, FontMetrics>> }
// The whole collection: only its entries carry the fonts' other weights.
const { inter, roboto }: Record<'inter' | 'roboto', CapsizeFont> = entireMetricsCollection
const variant = (font: CapsizeFont, weight: Weight): FontMetrics => {
  const metrics = weight === 400 ? font : font.variants?.[String(weight)]
  if (!metrics) throw new Error(`no metrics for weight ${weight}`)
  return metrics
}

export const interMetrics = (weight: Weight): FontMetrics => variant(inter, weight)

/** Arial (Windows, macOS, iOS; Liberation Sans and Arimo have its metrics), Roboto (Android), DejaVu Sans (Linux). */
export const fallbacks: readonly Fallback[] = [
  {
    family: 'Inter fallback Arial',
    faces: {
      400: {
        local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
        match: { file: join(liberationDir, 'LiberationSans-Regular.ttf') },
      },
      700: {
        local: [
          'Arial Bold',
          'Arial-BoldMT',
          'Liberation Sans Bold',
          'LiberationSans-Bold',
          'Arimo Bold',
        ],
        match: { file: join(liberationDir, 'LiberationSans-Bold.ttf') },
      },
    },
  },
  {
    family: 'Inter fallback Roboto',
    faces: {
      400: { local: ['Roboto', 'Roboto-Regular'], match: { metrics: variant(roboto, 400) } },
      700: { local: ['Roboto Bold', 'Roboto-Bold'], match: { metrics: variant(roboto, 700) } },
    },
  },
  {
    family: 'Inter fallback DejaVu Sans',
    faces: {
      400: {
        local: ['DejaVu Sans', 'DejaVuSans'],
        match: { file: join(dejaVuDir, 'DejaVuSans.ttf') },
      },
      700: {
        local: ['DejaVu Sans Bold', 'DejaVuSans-Bold'],
        match: { file: join(dejaVuDir, 'DejaVuSans-Bold.ttf') },
      },
    },
  },
]

/** The site's copy: every message of both languages' catalogs, placeholders and tags left out. */
function siteCopy(): string {
  const localesDir = join(here, '../locales')
  const messages: string[] = []
  for (const language of ['en', 'es'])
    for (const file of readdirSync(join(localesDir, language)).filter((name) =>
      name.endsWith('.po'),
    ))
      for (const entry of readPo(join(localesDir, language, file)))
        messages.push(entry.str || entry.id)
  return messages.join(' ').replace(/\{[^}]*\}|<[^>]*>/g, '')
}

/** How wide `font` (TrueType/OpenType data) sets `text`, in ems, as HarfBuzz shapes it. */
function shapedWidth(font: Uint8Array, text: string, weight?: Weight): number {
  const face = new Face(new Blob(font))
  const instance = new Font(face)
  if (weight) instance.setVariations([new Variation('wght', weight)])
  const buffer = new HarfBuzzBuffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  shape(instance, buffer)
  const units = buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0)
  return units / face.upem
}

/** Each fallback face's size-adjust (a ratio), by "family weight". */
export async function sizeAdjusts(): Promise<Map<string, number>> {
  const copy = siteCopy()
  // HarfBuzz reads TrueType, not WOFF2: the same font, unpacked.
  const interTtf = await subsetFont(readFileSync(interFile), copy, { targetFormat: 'sfnt' })
  const interWidth = {
    400: shapedWidth(interTtf, copy, 400),
    700: shapedWidth(interTtf, copy, 700),
  }
  const adjusts = new Map<string, number>()
  for (const { family, faces } of fallbacks) {
    for (const weight of [400, 700] as const) {
      const { match } = faces[weight]
      const own = interMetrics(weight)
      const adjust =
        'file' in match
          ? interWidth[weight] / shapedWidth(readFileSync(match.file), copy)
          : own.xWidthAvg / own.unitsPerEm / (match.metrics.xWidthAvg / match.metrics.unitsPerEm)
      adjusts.set(`${family} ${weight}`, adjust)
    }
  }
  return adjusts
}

/** The descriptors that make a fallback scaled by `sizeAdjust` take the room `font` takes. */
export function overrides(font: FontMetrics, sizeAdjust: number) {
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`
  const scaled = (units: number) => percent(Math.abs(units) / font.unitsPerEm / sizeAdjust)
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': scaled(font.ascent),
    'descent-override': scaled(font.descent),
    'line-gap-override': scaled(font.lineGap),
  }
}

export async function typefaceCss(fontFile: string, unicodeRange: string): Promise<string> {
  const rules = [
    `@font-face {
  font-family: Inter;
  font-style: normal;
  font-weight: 400 700;
  font-display: swap;
  src: url("./fonts/${fontFile}") format("woff2");
  unicode-range: ${unicodeRange};
}`,
  ]
  const fallbackFamilies: string[] = []
  const adjusts = await sizeAdjusts()
  for (const { family, faces } of fallbacks) {
    fallbackFamilies.push(`"${family}"`)
    for (const weight of [400, 700] as const) {
      const adjust = adjusts.get(`${family} ${weight}`) ?? 1
      const lines = Object.entries(overrides(interMetrics(weight), adjust)).map(
        ([property, value]) => `  ${property}: ${value};`,
      )
      rules.push(`@font-face {
  font-family: "${family}";
  font-weight: ${weight};
  src: ${faces[weight].local.map((name) => `local("${name}")`).join(', ')};
${lines.join('\n')}
}`)
    }
  }
  return `/* Written by \`npm run typeface\` (scripts/typeface-css.ts, which says where the numbers come
   from): edit that script, not this file. The site's typeface is Inter (SIL Open Font License 1.1,
   src/styles/fonts/LICENSE-Inter.txt); the fallbacks are fonts devices have, scaled to Inter's
   metrics so the swap to Inter moves nothing. */
${rules.join('\n\n')}

:root {
  --typeface: ${fallbackFamilies.join(', ')}, sans-serif;
}

/* Inter is named once the page asks for it (index.html: at once when the browser has it, after
   the load event on a first visit). */
:root[data-typeface="inter"] {
  --typeface: Inter, ${fallbackFamilies.join(', ')}, sans-serif;
}
`
}
