import { resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Locale } from '../../domain/locales'
import { type ManifestPage, notFoundFile, pageFile } from '../../domain/pages/page-files'
import { localeOf } from '../i18n/request-locale'
import { pickEncoding } from './content-encoding'
import { createPageStore } from './page-store'
import type { RenderedPages } from './rendered-pages'

/** Hashed build output never changes under its name; everything else is revalidated. */
const immutable = 'public, max-age=31536000, immutable'
const revalidate = 'no-cache'

export type SiteOptions = {
  readonly clientDir: string
  /** The prerendered pages (default: `pages` beside the client build). */
  readonly pagesDir?: string
  /** PUBLIC_URL, for canonical, hreflang and sitemap URLs (default: the build's origin). */
  readonly publicUrl?: string
  /** The pages publishing rendered again, served before the build's (docs/decisions/060). */
  readonly published?: RenderedPages
}

/** Sets Cache-Control on files the static middleware found (its onFound hook runs too late). */
function cacheFor(policy: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status === 200 || c.res.status === 206) c.res.headers.set('Cache-Control', policy)
  }
}

/** If-None-Match holds `etag`, also in its weak form (the compressed answer's `W/"…"`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/** A neutral page (no locale of its own) is served in the visitor's language. */
function pageLanguage(page: ManifestPage, c: Context): Locale {
  return page.locale ?? localeOf(c)
}

/**
 * Serves the built site: assets with long-lived caching; for each public page the prerendered
 * HTML, precompressed (neutral pages in the visitor's language, see docs/decisions/005);
 * sitemap.xml and robots.txt; the translated 404 page for anything else. The former /amp/…
 * addresses redirect to their page (docs/decisions/014).
 */
export function createSiteRoutes({ clientDir, pagesDir, publicUrl, published }: SiteOptions): Hono {
  const site = new Hono()
  const store = createPageStore({
    pagesDir: pagesDir ?? resolve(clientDir, '../pages'),
    publicUrl,
    ...(published ? { published } : {}),
  })

  /**
   * A stored file, compressed as the build left it when the client accepts brotli or gzip:
   * the bytes never depend on the request beyond the encoding and the language (what varies
   * per request, such as the CSP, goes in headers).
   */
  async function sendFile(
    c: Context,
    file: string,
    { type, status: asked = 200, vary = [] }: { type: string; status?: 200 | 404; vary?: string[] },
  ) {
    const stored = await store.get(file)
    if (!stored) throw new Error(`The build has no ${file}: rebuild (npm run build)`)
    // A page a publish removed is its translated 404 page.
    const status = stored.status === 404 ? 404 : asked
    const encoding = pickEncoding(c.req.header('Accept-Encoding'))
    // Each encoding is its own representation, with its own strong validator.
    const etag = encoding ? `${stored.etag.slice(0, -1)}-${encoding}"` : stored.etag
    c.header('Cache-Control', revalidate)
    c.header('Vary', [...vary, 'Accept-Encoding'].join(', '))
    if (status === 200) {
      c.header('ETag', etag)
      if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
    }
    c.header('Content-Type', type)
    if (!encoding) return c.body(stored.body, status)
    c.header('Content-Encoding', encoding)
    // A copy per answer (a few kilobytes): the stored bytes are never handed to a stream.
    return c.body(new Uint8Array(stored.encoded[encoding]), status)
  }

  const html = 'text/html; charset=UTF-8'

  site.use('/assets/*', cacheFor(immutable), serveStatic({ root: clientDir, precompressed: true }))

  site.get('/sitemap.xml', (c) =>
    sendFile(c, 'sitemap.xml', { type: 'application/xml; charset=UTF-8' }),
  )
  site.get('/robots.txt', (c) => sendFile(c, 'robots.txt', { type: 'text/plain; charset=UTF-8' }))

  site.get('*', async (c, next) => {
    const { pathname } = new URL(c.req.url)
    // One URL per page: /about/ → /about (keeps the query string).
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const url = new URL(c.req.url)
      // Leading slashes collapse too: `//evil.example/` must not become `Location: //evil.example`.
      url.pathname = `/${pathname.replace(/^\/+|\/+$/g, '')}`
      return c.redirect(`${url.pathname}${url.search}`, 301)
    }

    // The former light versions (/amp, /amp/<path>) live on as redirects to their page.
    if (pathname === '/amp' || pathname.startsWith('/amp/')) {
      const target = await store.page(pathname === '/amp' ? '/' : pathname.slice('/amp'.length))
      if (target) return c.redirect(target.path, 301)
      return next()
    }

    const page = await store.page(pathname)
    if (!page) return next()
    const locale = pageLanguage(page, c)
    c.header('Content-Language', locale)
    return sendFile(c, pageFile(locale, page.path), {
      type: html,
      vary: page.locale ? [] : ['Cookie', 'Accept-Language'],
    })
  })

  site.use(
    '*',
    cacheFor('public, max-age=3600'),
    serveStatic({ root: clientDir, precompressed: true }),
  )

  // Anything else is not a page: the translated 404 page, with a real 404 status.
  site.get('*', (c) => {
    const locale = localeOf(c)
    c.header('Content-Language', locale)
    return sendFile(c, notFoundFile(locale), {
      type: html,
      status: 404,
      vary: ['Cookie', 'Accept-Language'],
    })
  })

  return site
}
