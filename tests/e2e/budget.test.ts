import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { withBrowser } from './fixtures'

// The performance budget: the home page loads at most 120 kB of compressed JavaScript
// before any interaction, and none of it is registration, validation, query or inspector code.
const { open } = withBrowser()
const buildDir = inject('buildDir')
const budgetBytes = 120_000

type ChunkReport = Record<string, { modules: Record<string, number> }>

/** Source modules that belong to other pages or to development, never to the home page. */
const notOnHome = [
  /node_modules\/valibot\//,
  /node_modules\/@tanstack\/(react-)?query/,
  /machines\/registration/,
  /src\/features\/registration\//,
  /node_modules\/@statelyai\/inspect\//,
]

describe('the home page performance budget', () => {
  it('loads ≤ 120 kB of compressed JavaScript before interaction, without other pages’ code', async () => {
    const { page, context } = await open('/robots.txt')
    const scripts = new Map<string, number>()
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return
      const sizes = await request.sizes()
      scripts.set(new URL(request.url()).pathname, sizes.responseBodySize)
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    // Let rotation and idle callbacks run: still no interaction.
    await page.waitForTimeout(1000)
    await context.close()

    const files = [...scripts.keys()]
    expect(files.length).toBeGreaterThan(0)
    const transferred = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0)
    const chunks = JSON.parse(readFileSync(join(buildDir, 'chunks.json'), 'utf8')) as ChunkReport
    const modules = files.flatMap((file) => Object.keys(chunks[file.slice(1)]?.modules ?? {}))
    expect(modules.length).toBeGreaterThan(100)
    expect(modules.filter((id) => notOnHome.some((pattern) => pattern.test(id)))).toEqual([])
    // What the browser downloaded (Brotli, as served) — gzip for the record.
    // (Files under 1 KiB are not precompressed: they travel as they are.)
    const gzip = files.reduce((sum, file) => {
      const path = join(buildDir, 'client', file)
      return sum + readFileSync(existsSync(`${path}.gz`) ? `${path}.gz` : path).length
    }, 0)
    console.info(
      `home page JavaScript: ${transferred} B as served (br), ${gzip} B gzip, ${files.length} files`,
    )
    expect(transferred).toBeLessThanOrEqual(budgetBytes)
  })
})
