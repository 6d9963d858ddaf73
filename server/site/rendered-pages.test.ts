import { describe, expect, it } from 'vitest'
import { testBackends, useTestDatabase } from '../test/test-database'
import { createRenderedPages, renderedPagesChannel } from './rendered-pages'

/**
 * An instance's view of the published pages, on a real PostgreSQL: what another instance stores
 * and announces is served here (the whole publish, renderer included, is server/site/publish.test.ts).
 */
describe.each(testBackends())('the published pages of an instance, on $name', (backend) => {
  const database = useTestDatabase(backend)

  it('connects as the pool does (its password included), and serves what another instance stored once it is told', async () => {
    const problems: string[] = []
    const pages = createRenderedPages({
      pool: database.pool,
      // A server built without the site: it stores and serves, it renders nothing.
      buildDir: '/nonexistent-build',
      publicUrl: 'http://agency.test',
      log: (message) => problems.push(message),
    })
    try {
      await pages.start()
      expect(await pages.republish()).toBeUndefined()
      expect(pages.file('en/work/new-shop.html')).toBeUndefined()

      // Another instance's publish: the rows, then the notification, in one transaction.
      const other = await database.pool.connect()
      try {
        await other.query('BEGIN')
        await other.query(
          `INSERT INTO rendered_pages (file, path, locale, status, body, etag, brotli, gzip, content_version)
           VALUES ('en/work/new-shop.html', '/work/new-shop', 'en', 200, '<p>New</p>', '"e1"', '\\x00', '\\x00', 1),
                  ('es/trabajos/viejo.html', '/trabajos/viejo', 'es', 404, '<p>404</p>', '"e2"', '\\x00', '\\x00', 1)`,
        )
        await other.query('SELECT pg_notify($1, $2)', [renderedPagesChannel, '1'])
        await other.query('COMMIT')
      } finally {
        other.release()
      }
      await expect
        .poll(() => pages.file('en/work/new-shop.html')?.body, { timeout: 5_000 })
        .toBe('<p>New</p>')
      expect(pages.page('/work/new-shop')).toEqual({ path: '/work/new-shop', locale: 'en' })
      expect(pages.file('es/trabajos/viejo.html')?.status).toBe(404)
      expect(problems).toEqual([])
    } finally {
      await pages.close()
    }
  })
})
