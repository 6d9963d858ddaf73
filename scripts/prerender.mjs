// The last step of `npm run build`: renders every public page to static HTML with its head
// (neutral pages in English and Spanish, each service page and listing in its language), the
// translated 404 pages, sitemap.xml and robots.txt into BUILD_DIR/pages, and precompresses the
// pages and the client assets (brotli and gzip beside each file). See docs/decisions/005.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { pageHtml, readBuilds } from '../server/site/page-html.mjs'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const sha256Source = (text) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

function inlineScriptHashes(html) {
  const hashes = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue
    hashes.push(sha256Source(body))
  }
  return hashes
}

/** The `<style>` elements the build inlined (the pages' stylesheets, docs/decisions/016). */
function inlineStyleHashes(html) {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, body]) =>
    sha256Source(body),
  )
}

/** Renders into `outDir`; `origin` is the PUBLIC_URL written into the pages. */

export async function prerender({ outDir, origin }) {
  const { build } = await import('vite')
  const rendererDir = resolve(outDir, 'prerender')
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: rendererDir, emptyOutDir: true },
  })
  const renderer = await import(pathToFileURL(join(rendererDir, 'entry-server.js')).href)

  const clientDir = resolve(outDir, 'client')
  const pagesDir = resolve(outDir, 'pages')
  await rm(pagesDir, { recursive: true, force: true })
  const builds = await readBuilds(outDir)
  const written = []
  const write = async (file, content) => {
    const target = join(pagesDir, file)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, content)
    written.push(file)
  }

  const targets = [
    ...renderer
      .prerenderTargets()
      .map((target) => ({ ...target, file: renderer.pageFile(target.locale, target.path) })),
    // A path the router does not know renders the translated not-found page.
    ...['en', 'es'].map((locale) => ({
      path: '/__not-a-page__',
      locale,
      file: renderer.notFoundFile(locale),
    })),
  ]
  // The content the pages show: the seed's (the server renders again from its database's).
  const content = renderer.seedContent()
  for (const { path, locale, file } of targets) {
    const page = await renderer.renderPage({ path, locale, origin, content })
    await write(file, await pageHtml(page, builds, clientDir))
  }
  await write('sitemap.xml', renderer.renderSitemap(origin))
  await write('robots.txt', renderer.renderRobots(origin))
  await write(
    'manifest.json',
    `${JSON.stringify({ origin, files: [...written], pages: renderer.manifestPages() }, null, 2)}\n`,
  )
  // The inline scripts the build put in its pages (the pre-paint script, the script loader, the
  // router's scroll restoration) and the inlined stylesheets: the server allows exactly these by
  // hash, and nothing a response carries.
  const scripts = new Set()
  const styles = new Set()
  for (const file of written.filter((name) => name.endsWith('.html'))) {
    const html = await readFile(join(pagesDir, file), 'utf8')
    for (const hash of inlineScriptHashes(html)) scripts.add(hash)
    for (const hash of inlineStyleHashes(html)) styles.add(hash)
  }
  await writeFile(
    join(pagesDir, 'csp-script-hashes.json'),
    `${JSON.stringify([...scripts].sort(), null, 2)}\n`,
  )
  await writeFile(
    join(pagesDir, 'csp-style-hashes.json'),
    `${JSON.stringify([...styles].sort(), null, 2)}\n`,
  )
  await precompress(pagesDir)
  await precompress(join(clientDir, 'assets'))
  await precompress(clientDir, { recursive: false })
  return { pagesDir, count: written.length }
}

const compressible = /\.(js|css|svg|html|json|txt|xml)$/

/** .br and .gz beside each text asset, so the server never compresses on the fly. */
async function precompress(dir, { recursive = true } = {}) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (recursive) await precompress(path)
      continue
    }
    if (!compressible.test(entry.name)) continue
    const content = await readFile(path)
    if (content.length < 1024) continue
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(content, { level: 9 }),
    ])
    await writeFile(`${path}.br`, br)
    await writeFile(`${path}.gz`, gz)
  }
}
