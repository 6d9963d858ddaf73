// `npm run build`: the client bundle, then the server bundle (Vite SSR build, so the Lingui
// macros and catalogs work on the server too). BUILD_DIR (default ./dist) lets parallel test
// runs build without overwriting each other.
import { resolve } from 'node:path'

// Test runners export NODE_ENV=test; a build is always a production build.
process.env.NODE_ENV = 'production'
const { build } = await import('vite')

const outDir = resolve(process.env.BUILD_DIR ?? 'dist')

await build({ mode: 'production', build: { outDir: resolve(outDir, 'client'), emptyOutDir: true } })
await build({
  mode: 'production',
  build: { ssr: 'server/main.ts', outDir: resolve(outDir, 'server'), emptyOutDir: true },
})
