import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** The committed screenshots; `npm run test:visual:update` rewrites them. */
export const baselineDir = join('tests', 'e2e', 'visual-baselines')
/** Where a failed comparison leaves the new screenshot and the difference, for a look. */
export const diffDir = join('.tmp', 'visual-diffs')

/** UPDATE_VISUAL_BASELINES=1: write what is seen as the new baseline instead of comparing. */
export const updating = process.env.UPDATE_VISUAL_BASELINES === '1'

/**
 * Per pixel, pixelmatch's colour distance (0–1) under which two pixels count as the same:
 * anti-aliasing and sub-pixel text rendering stay under it, a changed colour or font does not.
 */
const pixelThreshold = 0.1
/** The share of a screenshot that may differ (a caret, a one-pixel rounding): 0.1 %. */
const maxDifferentShare = 0.001

export type Comparison = { readonly ok: true } | { readonly ok: false; readonly reason: string }

/**
 * `png` against the baseline `name`; when updating, written as the baseline unless it matches
 * the one there (so an update leaves unchanged pages' files alone).
 */
export function compareWithBaseline(name: string, png: Buffer): Comparison {
  const baselinePath = join(baselineDir, `${name}.png`)
  if (updating) {
    if (existsSync(baselinePath) && compare(name, baselinePath, png).ok) return { ok: true }
    mkdirSync(baselineDir, { recursive: true })
    writeFileSync(baselinePath, png)
    return { ok: true }
  }
  return compare(name, baselinePath, png)
}

function compare(name: string, baselinePath: string, png: Buffer): Comparison {
  mkdirSync(diffDir, { recursive: true })
  const actualPath = join(diffDir, `${name}.actual.png`)
  if (!existsSync(baselinePath)) {
    writeFileSync(actualPath, png)
    return {
      ok: false,
      reason: `No baseline ${baselinePath} (seen: ${actualPath}); run \`npm run test:visual:update\``,
    }
  }
  const expected = PNG.sync.read(readFileSync(baselinePath))
  const actual = PNG.sync.read(png)
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeFileSync(actualPath, png)
    return {
      ok: false,
      reason: `${name}: ${actual.width}×${actual.height}, the baseline ${expected.width}×${expected.height} (seen: ${actualPath})`,
    }
  }
  const diff = new PNG({ width: actual.width, height: actual.height })
  const different = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: pixelThreshold,
  })
  const share = different / (actual.width * actual.height)
  if (share <= maxDifferentShare) return { ok: true }
  const diffPath = join(diffDir, `${name}.diff.png`)
  writeFileSync(actualPath, png)
  writeFileSync(diffPath, PNG.sync.write(diff))
  return {
    ok: false,
    reason: `${name}: ${different} pixels (${(share * 100).toFixed(2)} %) differ from ${baselinePath}; difference: ${diffPath}, seen: ${actualPath}`,
  }
}
