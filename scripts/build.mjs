// `npm run build`: the client bundle (twice: for the public pages and for those behind the
// sign-in), then the server bundle (Vite SSR build, so the Lingui macros and catalogs work on
// the server too), then every public page prerendered to HTML.
// BUILD_DIR (default ./dist) lets parallel test runs build without overwriting each other.
import { cpSync } from 'node:fs'
import { resolve } from 'node:path'

// Test runners export NODE_ENV=test; a build is always a production build.
process.env.NODE_ENV = 'production'
// vite.config.ts keeps React for Vitest's own runs (VITEST is set): a build started from a
// test (the end-to-end set-up) must still ship what production ships (docs/decisions/015).
delete process.env.VITEST
const { build } = await import('vite')

const outDir = resolve(process.env.BUILD_DIR || 'dist')
// The build empties its output folders: never let them be the project's own folders.
if (!/[\\/](dist|\.tmp)([\\/]|$)/.test(outDir)) {
  throw new Error(`BUILD_DIR must be ./dist or a folder under ./.tmp or dist (got ${outDir})`)
}

const { chunkReport } = await import('./chunk-report.mjs')
await build({
  mode: 'production',
  build: { outDir: resolve(outDir, 'client'), emptyOutDir: true },
  plugins: [chunkReport(resolve(outDir, 'chunks.json'))],
})
// The client again, grouped for the pages behind the sign-in (docs/decisions/050): their HTML
// starts from this build's files, which join the first build's in client/assets (names are
// content hashes: a file both builds wrote is the same file).
await build({
  mode: 'signed-in',
  // The first build has listed the files; most of this one's are the same.
  logLevel: 'warn',
  build: { outDir: resolve(outDir, 'client-signed-in'), emptyOutDir: true },
  plugins: [chunkReport(resolve(outDir, 'chunks-signed-in.json'))],
})
cpSync(resolve(outDir, 'client-signed-in/assets'), resolve(outDir, 'client/assets'), {
  recursive: true,
  force: false,
})
await build({
  mode: 'production',
  build: { ssr: 'server/main.ts', outDir: resolve(outDir, 'server'), emptyOutDir: true },
})
// The proposal PDF's fonts: the bundle reads them beside itself (`new URL('./fonts/…',
// import.meta.url)`, server/proposals/proposal-pdf.ts), which Vite's SSR build leaves as it is.
cpSync(resolve('server/proposals/fonts'), resolve(outDir, 'server/fonts'), { recursive: true })

// Every public page as static HTML (scripts/prerender.mjs), with PUBLIC_URL's origin (the
// server rewrites it when the runtime PUBLIC_URL differs).
const { prerender } = await import('./prerender.mjs')
// The same default as the server's (server/config.ts): `localhost` on a loopback address.
const buildHost = process.env.HOST ?? '127.0.0.1'
const origin = (
  process.env.PUBLIC_URL ??
  `http://${buildHost === '127.0.0.1' || buildHost === '::1' ? 'localhost' : buildHost}:${process.env.PORT ?? '3000'}`
).replace(/\/+$/, '')
const { count } = await prerender({ outDir, origin })
console.log(`Prerendered ${count} files for ${origin}`)
