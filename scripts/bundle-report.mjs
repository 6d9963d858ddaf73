// The bundle report of `npm run bench`: per page, the scripts it loaded with their brotli size
// (the bytes sent) and the source packages or folders that make up each file (from the build's
// chunk reports, sizes minified before compression), so a regression names its cause.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** `node_modules/@scope/name/…` → `@scope/name`; `src/features/home/…` → `src/features/home`. */
function ownerOf(moduleId) {
  const dependency = moduleId.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (dependency) return dependency[1]
  const source = moduleId.match(
    /^(src\/features\/[^/]+|src\/[^/]+|machines|locales\/[^/]+\/[^/.]+)/,
  )
  return source ? source[1] : moduleId.replace(/\?.*$/, '')
}

/** A printable report for `scripts`: page path → script paths the page loaded. */
export function bundleReport(buildDir, scripts) {
  // Both client builds' reports: a page behind the sign-in loads the second's files
  // (docs/decisions/050).
  const chunks = {}
  for (const name of ['chunks.json', 'chunks-signed-in.json']) {
    const file = join(buildDir, name)
    if (existsSync(file)) Object.assign(chunks, JSON.parse(readFileSync(file, 'utf8')))
  }
  const lines = ['Bundle report (JavaScript each page loaded; br = bytes sent):']
  for (const [page, files] of Object.entries(scripts)) {
    let total = 0
    const rows = []
    for (const file of files) {
      const compressed = join(buildDir, 'client', `${file}.br`)
      const plain = join(buildDir, 'client', file)
      const size = existsSync(compressed)
        ? statSync(compressed).size
        : existsSync(plain)
          ? statSync(plain).size
          : 0
      total += size
      const owners = new Map()
      for (const [id, length] of Object.entries(chunks[file.slice(1)]?.modules ?? {})) {
        const owner = ownerOf(id)
        owners.set(owner, (owners.get(owner) ?? 0) + length)
      }
      const parts = [...owners]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([owner, length]) => `${owner} ${(length / 1000).toFixed(1)}`)
      rows.push(`    ${(size / 1000).toFixed(1).padStart(6)} kB  ${file}  (${parts.join(', ')})`)
    }
    lines.push(`  ${page}: ${(total / 1000).toFixed(1)} kB br in ${files.length} files`, ...rows)
  }
  return lines.join('\n')
}
