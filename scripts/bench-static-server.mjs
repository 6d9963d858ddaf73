// A static folder served the way a CDN serves it, for side-by-side benchmarks
// (`npm run bench -- --compare <dir>`): every text file compressed once up front with brotli
// (quality 11) and gzip (level 9) and sent per Accept-Encoding; hashed file names cached as
// immutable, everything else revalidated; `/about` → `about/index.html` or `about.html`;
// unknown paths get the folder's 404.html with a 404 status.
import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const types = {
  '.html': 'text/html; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.js': 'text/javascript; charset=UTF-8',
  '.mjs': 'text/javascript; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.xml': 'application/xml; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
}
const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg'])
// Build tools put a content hash in the name: `hero.DwIC_L_T.png`, `index-CuKHQiXJ.js`.
const hashed = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

async function walk(dir) {
  const files = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...(await walk(path)))
    else if (entry.isFile()) files.push(path)
  }
  return files
}

/** Loads and compresses the whole folder, then listens on 127.0.0.1:`port` (0: any free port). */
export async function startStaticServer(folder, { port = 0 } = {}) {
  const root = resolve(folder)
  const files = new Map()
  for (const path of await walk(root)) {
    const body = await readFile(path)
    const type = extname(path).toLowerCase()
    const entry = { body, type: types[type] ?? 'application/octet-stream' }
    if (compressible.has(type) && body.length >= 1024) {
      ;[entry.br, entry.gzip] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(body, { level: 9 }),
      ])
    }
    files.set(`/${relative(root, path).split(sep).join('/')}`, entry)
  }

  const find = (pathname) => {
    const path = pathname.endsWith('/') ? `${pathname}index.html` : pathname
    return files.get(path) ?? files.get(`${path}/index.html`) ?? files.get(`${path}.html`)
  }

  const server = createServer((request, response) => {
    let pathname
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://cdn').pathname)
    } catch {
      pathname = '/'
    }
    let status = 200
    let file = request.method === 'GET' || request.method === 'HEAD' ? find(pathname) : undefined
    if (!file) {
      status = 404
      file = files.get('/404.html') ?? { body: Buffer.from('Not found'), type: types['.txt'] }
    }
    const accepted = String(request.headers['accept-encoding'] ?? '')
    const encoding =
      file.br && /\bbr\b/.test(accepted)
        ? 'br'
        : file.gzip && /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined
    const body = encoding ? file[encoding] : file.body
    response.writeHead(status, {
      'Content-Type': file.type,
      'Content-Length': body.length,
      'Cache-Control':
        status === 200 && hashed.test(pathname)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      ...(file.br ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  await new Promise((done) => server.listen(port, '127.0.0.1', done))
  const address = server.address()
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
