import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { isPublicPath } from '../../src/routing/public-paths'

/** Hashed build output never changes under its name; everything else is revalidated. */
const immutable = 'public, max-age=31536000, immutable'
const revalidate = 'no-cache'

export type SiteOptions = { readonly clientDir: string }

/** Serves the built site: assets with long-lived caching, pages as HTML, 404 for unknown paths. */
export function createSiteRoutes({ clientDir }: SiteOptions): Hono {
  const site = new Hono()
  let shell: Promise<string> | undefined
  const readShell = () => {
    shell ??= readFile(join(clientDir, 'index.html'), 'utf8')
    return shell
  }

  site.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', immutable)
      },
    }),
  )

  site.get('*', async (c, next) => {
    const { pathname } = new URL(c.req.url)
    // One URL per page: /about/ → /about (keeps the query string).
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const url = new URL(c.req.url)
      url.pathname = pathname.replace(/\/+$/, '') || '/'
      return c.redirect(`${url.pathname}${url.search}`, 301)
    }
    if (isPublicPath(pathname)) {
      c.header('Cache-Control', revalidate)
      return c.html(await readShell())
    }
    return next()
  })

  site.use(
    '*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=3600')
      },
    }),
  )

  // Anything else is not a page: the app renders its translated 404 page, with a real 404 status.
  site.get('*', async (c) => {
    c.header('Cache-Control', revalidate)
    return c.html(await readShell(), 404)
  })

  return site
}
