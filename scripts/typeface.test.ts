import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromFile } from '@capsizecss/unpack/fs'
import { create } from 'fontkitten'
import { describe, expect, it } from 'vitest'
import { readPo } from '../tests/po-file'
import { subsetCodePoints, typefaceFile, unicodeRange, weightRange } from './subset-typeface'
import { fallbacks, interMetrics, overrides, sizeAdjusts, typefaceCssFile } from './typeface-css'

// The site's typeface (docs/decisions/057): the shipped Inter file draws every character of the
// copy, and src/styles/typeface.css says what `npm run typeface` computes from the fonts' metrics.

const opened = create(readFileSync(typefaceFile))
if (opened.isCollection) throw new Error(`${typefaceFile} is a font collection`)
const font = opened
const css = readFileSync(typefaceCssFile, 'utf8')
const localesDir = join(import.meta.dirname, '../locales')

/** The descriptors of each @font-face in typeface.css, by "family weight". */
function fontFaces(): Map<string, Record<string, string>> {
  const faces = new Map<string, Record<string, string>>()
  for (const [, body = ''] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const descriptors: Record<string, string> = {}
    for (const [, name = '', value = ''] of body.matchAll(/([a-z-]+):\s*([^;]+);/g))
      descriptors[name] = value.replace(/\s+/g, ' ').trim()
    faces.set(`${descriptors['font-family']} ${descriptors['font-weight']}`, descriptors)
  }
  return faces
}

describe('the site’s typeface', () => {
  it('draws every character of both languages’ catalogs', () => {
    const missing = new Set<string>()
    for (const language of ['en', 'es']) {
      const dir = join(localesDir, language)
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.po'))) {
        for (const entry of readPo(join(dir, file))) {
          for (const character of entry.id + entry.str) {
            const point = character.codePointAt(0) ?? 0
            if (point >= 0x20 && !font.hasGlyphForCodePoint(point)) missing.add(character)
          }
        }
      }
    }
    expect([...missing]).toEqual([])
  })

  it('has Spanish’s letters and marks, and only what its unicode-range announces', () => {
    for (const character of 'áéíóúñüÁÉÍÓÚÑÜ¿¡«»€')
      expect(font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0), character).toBe(true)
    const announced = new Set(subsetCodePoints)
    // (U+FFFF: the end marker of the cmap table's last segment, no character.)
    const held = font.characterSet.filter((point) => point >= 0x20 && point < 0xffff)
    expect(held.filter((point) => !announced.has(point))).toEqual([])
    expect(fontFaces().get('Inter 400 700')?.['unicode-range']).toBe(unicodeRange)
  })

  it('is one variable file whose weight axis covers the weights the stylesheets use', () => {
    const weight = font.variationAxes.wght
    expect(weight).toMatchObject({ min: weightRange.min, max: weightRange.max })
    expect(fontFaces().get('Inter 400 700')).toMatchObject({
      'font-display': 'swap',
      src: 'url("./fonts/inter-latin-wght-400-700.woff2") format("woff2")',
    })
  })

  it('is the Inter whose metrics the fallbacks are matched to', async () => {
    const shipped = await fromFile(typefaceFile)
    const { ascent, descent, lineGap, unitsPerEm, xWidthAvg } = interMetrics(400)
    expect(shipped).toMatchObject({ ascent, descent, lineGap, unitsPerEm, xWidthAvg })
  })

  it('declares each fallback with the overrides computed from the fonts', async () => {
    const faces = fontFaces()
    const adjusts = await sizeAdjusts()
    for (const { family } of fallbacks) {
      for (const weight of [400, 700] as const) {
        const adjust = adjusts.get(`${family} ${weight}`)
        expect(adjust, `${family} ${weight}`).toBeGreaterThan(0.8)
        // The measure is all of the site's copy, which grows with every message: a figure that
        // moves by less than a tenth of a percentage point moves no line, so only a drift past
        // that asks for `npm run typeface` again.
        const declared = faces.get(`"${family}" ${weight}`) ?? {}
        for (const [property, value] of Object.entries(
          overrides(interMetrics(weight), adjust ?? 0),
        ))
          expect(
            Math.abs(Number.parseFloat(declared[property] ?? 'NaN') - Number.parseFloat(value)),
            `${family} ${weight} ${property}: declared ${declared[property]}, computed ${value}`,
          ).toBeLessThan(0.1)
      }
    }
    expect(css).toMatch(
      /--typeface:\s*Inter, "Inter fallback Arial", "Inter fallback Roboto",\s*"Inter fallback DejaVu Sans", sans-serif;/,
    )
  })

  it('sizes nothing in ch, a unit that changes with the font while Inter loads', () => {
    const stylesheets = (
      readdirSync(join(import.meta.dirname, '../src'), {
        recursive: true,
      }) as string[]
    ).filter((path) => path.endsWith('.css'))
    const inCh = stylesheets.flatMap((path) =>
      readFileSync(join(import.meta.dirname, '../src', path), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('/*') && /\d(\.\d+)?ch\b/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    )
    expect(inCh).toEqual([])
  })
})
