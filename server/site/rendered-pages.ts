import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import pg, { type Pool, type PoolClient } from 'pg'
import {
  noSiteFacts,
  type PublishedContent,
  type SiteFacts,
} from '../../domain/content/published-content'
import type { Locale } from '../../domain/locales'
import { type ManifestPage, pageFile } from '../../domain/pages/page-files'
import { pagesTouched } from '../../domain/pages/touched-pages'
import { describeError } from '../log/describe-error'
import { type ClientBuilds, pageHtml, type RenderedPageParts, readBuilds } from './page-html.mjs'
import type { StoredPage } from './page-store'
import { publishedContentIn } from './published-snapshot'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * The public pages a publish renders again, shared by every instance through PostgreSQL
 * (docs/decisions/060). After a change of the published content commits, `republish` renders
 * the pages it touches with the build's own renderer (BUILD_DIR/prerender/entry-server.js) and
 * HTML assembly (page-html.mjs) from the database's published content, and writes them all to
 * `rendered_pages` in ONE transaction with `NOTIFY rendered_pages`. Every instance LISTENs and
 * reads the rows newer than its own into memory, replacing a page whole: a visitor gets the old
 * page or the new one, never part of one. The page store serves a row before the build's file,
 * so a restart serves what was last published; a database nobody published to serves the
 * build's pages (the seed's).
 *
 * Publishes are taken one at a time, across instances, by a transaction's advisory lock: each
 * compares the content with the one the stored pages were last rendered from
 * (`rendered_content`), so two publishes at once never leave older pages over newer ones.
 */

/** The renderer's answer, as the assembly reads it, with the page's status. */
type RenderedPage = RenderedPageParts & { readonly status: 200 | 404 }

/** What the server uses of the build's renderer (src/entry-server.tsx). */
type Renderer = {
  renderPage(inputs: {
    path: string
    locale: Locale
    origin: string
    content: PublishedContent
  }): Promise<RenderedPage>
  renderSitemap(origin: string, content?: PublishedContent): string
  seedContent(): PublishedContent
}

/** A stored page, with the status it is served with (404: a case study's address no longer). */
export type PublishedPage = StoredPage & { readonly status: 200 | 404 }

export type Republished = {
  /** The content version the pages were written as. */
  readonly version: number
  /** The files written (pages and sitemap). */
  readonly files: readonly string[]
}

export type RenderedPages = {
  /** A page a publish stored, by the build's file name. */
  file(file: string): PublishedPage | undefined
  /** A page a publish stored at `path` that the build does not have (a new case study). */
  page(path: string): ManifestPage | undefined
  /**
   * Renders and stores the pages the published content's change touches (`all`: every page
   * that shows content), then tells every instance. Undefined when nothing changed or this
   * build has no renderer (a server built without the site).
   */
  republish(options?: { readonly all?: boolean }): Promise<Republished | undefined>
  /** This instance's settings the pages show, which its publishes render them with. */
  readonly facts: SiteFacts
  /** Reads the stored pages and listens for new ones. */
  start(): Promise<void>
  close(): Promise<void>
}

export const renderedPagesChannel = 'rendered_pages'
/** The advisory lock a publish holds while it renders and writes (one publish at a time). */
const publishLock = 4_040_060

type Row = {
  file: string
  path: string
  locale: Locale | null
  status: 200 | 404
  body: string
  etag: string
  brotli: Buffer
  gzip: Buffer
  content_version: string
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** How long a publish's statements may take, and wait for a lock (a request's: 2 s and 1 s). */
const publishBoundMs = 60_000
const publishLockMs = 10_000

export function createRenderedPages({
  pool,
  buildDir,
  publicUrl,
  connect = () => new pg.Client(pool.options),
  facts = noSiteFacts,
  log = () => {},
  reconnectMs = 1_000,
}: {
  readonly pool: Pool
  /** The LISTEN connection: a session of its own (DATABASE_LISTEN_URL behind PgBouncer). */
  readonly connect?: () => pg.Client
  /** The build's directory (client/, prerender/, chunks.json). */
  readonly buildDir: string
  /** The origin written into the pages (PUBLIC_URL). */
  readonly publicUrl: string
  /** This instance's settings the pages show (AGENCY_WHATSAPP). */
  readonly facts?: SiteFacts
  readonly log?: (message: string) => void
  readonly reconnectMs?: number
}): RenderedPages {
  // A publish's transaction renders for seconds, and a read of every stored page is megabytes:
  // neither fits a request's bounds (2 s), so they have a connection of their own, bounded by
  // a minute.
  const publishing = new pg.Pool({
    ...pool.options,
    // Not enumerable in the pool's options (kept out of logs): a spread would drop it.
    password: pool.options.password,
    max: 2,
    query_timeout: publishBoundMs,
    statement_timeout: publishBoundMs,
    lock_timeout: publishLockMs,
  })
  publishing.on('error', (error) => log(`Published pages: ${describeError(error)}`))
  const files = new Map<string, PublishedPage>()
  const pages = new Map<string, ManifestPage>()
  let known = 0
  let reading: Promise<void> = Promise.resolve()
  let queue: Promise<unknown> = Promise.resolve()
  let listener: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false
  // The stored pages were rendered by another build: they name its scripts and its loader's
  // hash, so this instance serves its own build's files until its build renders them again.
  let foreign = false
  let tools: Promise<{ renderer: Renderer; builds: ClientBuilds } | undefined> | undefined

  /** The build's renderer and client builds, loaded once (none in a build without the site). */
  function loadTools() {
    tools ??= (async () => {
      const file = join(buildDir, 'prerender/entry-server.js')
      if (!existsSync(file)) return undefined
      const renderer = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Renderer
      return { renderer, builds: await readBuilds(buildDir) }
    })()
    return tools
  }

  /** Reads the rows newer than the ones in memory; one read at a time, in order. */
  function refresh(): Promise<void> {
    reading = reading.then(async () => {
      const loaded = await loadTools()
      // One snapshot, with the publish's bounds (megabytes of pages; see republishNow).
      const client = await publishing.connect()
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
        await client.query(`SET LOCAL statement_timeout = '${publishBoundMs}ms'`)
        await readStored(client, loaded)
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    })
    // A failed read is tried again with the next notification (or reconnection).
    const done = reading
    reading = reading.catch((error: unknown) =>
      log(`Published pages not read: ${describeError(error)}`),
    )
    return done
  }

  /** The stored pages newer than the ones in memory, unless another build stored them. */
  async function readStored(
    client: PoolClient,
    loaded: { readonly builds: ClientBuilds } | undefined,
  ): Promise<void> {
    const stored = await client.query<{ build: string }>(
      'SELECT build FROM rendered_content WHERE id = 1',
    )
    const storedBuild = stored.rows[0]?.build
    if (loaded && storedBuild !== undefined && storedBuild !== buildIdOf(loaded.builds)) {
      if (!foreign)
        log(
          "Published pages: stored by another build; this build's own pages are served until it renders them again",
        )
      foreign = true
      files.clear()
      pages.clear()
      known = 0
      return
    }
    foreign = false
    const { rows } = await client.query<Row>(
      `SELECT file, path, locale, status, body, etag, brotli, gzip, content_version
         FROM rendered_pages WHERE content_version > $1 ORDER BY content_version`,
      [known],
    )
    for (const row of rows) {
      files.set(row.file, {
        body: row.body,
        etag: row.etag,
        encoded: { br: row.brotli, gzip: row.gzip },
        status: row.status,
      })
      if (row.file.endsWith('.html'))
        pages.set(row.path, { path: row.path, ...(row.locale ? { locale: row.locale } : {}) })
      known = Math.max(known, Number(row.content_version))
    }
  }

  async function listen(): Promise<void> {
    const client = connect()
    client.on('notification', (message) => {
      if (message.channel === renderedPagesChannel) void refresh().catch(() => {})
    })
    const lost = (error: Error) => {
      if (listener !== client || closed) return
      listener = undefined
      log(`Published pages: the listening connection was lost (${error.message}); reconnecting`)
      client.end().catch(() => {})
      const again = () => {
        retry = undefined
        if (closed) return
        listen().then(
          // What was published meanwhile.
          () => refresh().catch(() => {}),
          () => {
            retry = setTimeout(again, reconnectMs)
            retry.unref()
          },
        )
      }
      retry = setTimeout(again, reconnectMs)
      retry.unref()
    }
    client.on('error', lost)
    client.on('end', () => lost(new Error('connection ended')))
    try {
      await client.connect()
      await client.query(`LISTEN ${renderedPagesChannel}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    listener = client
  }

  async function render(
    client: PoolClient,
    { all }: { readonly all: boolean },
  ): Promise<Republished | undefined> {
    const loaded = await loadTools()
    if (!loaded) return undefined
    const { renderer, builds } = loaded
    await takePublishLock(client)
    const last = (
      await client.query<{ version: string; content: PublishedContent; build: string }>(
        'SELECT version, content, build FROM rendered_content WHERE id = 1',
      )
    ).rows[0]
    const before = last?.content ?? renderer.seedContent()
    const after = await publishedContentIn(client, facts)
    // Pages another build rendered name its files (scripts, stylesheets): all are made again.
    const build = buildIdOf(builds)
    const touched = pagesTouched(before, after, {
      all: all || (last !== undefined && last.build !== build),
    })
    if (touched.length === 0) return undefined
    const version = Number(last?.version ?? 0) + 1
    const clientDir = join(buildDir, 'client')
    const bodies: Parameters<typeof rowOf>[] = []
    for (const { path, locale } of touched) {
      const page = await renderer.renderPage({ path, locale, origin: publicUrl, content: after })
      const body = await pageHtml(page, builds, clientDir)
      bodies.push([pageFile(locale, path), path, locale, page.status, body])
    }
    bodies.push([
      'sitemap.xml',
      '/sitemap.xml',
      null,
      200,
      renderer.renderSitemap(publicUrl, after),
    ])
    // Compressed side by side (zlib works on its own threads).
    const written = await Promise.all(bodies.map((args) => rowOf(...args)))
    for (const row of written)
      await client.query(
        `INSERT INTO rendered_pages (file, path, locale, status, body, etag, brotli, gzip, content_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (file) DO UPDATE SET path = $2, locale = $3, status = $4, body = $5,
           etag = $6, brotli = $7, gzip = $8, content_version = $9, rendered_at = now()`,
        [
          row.file,
          row.path,
          row.locale,
          row.status,
          row.body,
          row.etag,
          row.brotli,
          row.gzip,
          version,
        ],
      )
    await client.query(
      `INSERT INTO rendered_content (id, version, content, build) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET version = $1, content = $2, build = $3, rendered_at = now()`,
      [version, JSON.stringify(after), build],
    )
    // Delivered at the commit, to every instance listening (this one included).
    await client.query('SELECT pg_notify($1, $2)', [renderedPagesChannel, String(version)])
    return { version, files: written.map((row) => row.file) }
  }

  async function republishNow(all: boolean): Promise<Republished | undefined> {
    const client = await publishing.connect()
    let done: Republished | undefined
    try {
      await client.query('BEGIN')
      // The pool's own bounds are startup parameters, which a transaction-mode PgBouncer may drop
      // (its `ignore_startup_parameters`, the role's shorter ones then apply): set them here too.
      await client.query(`SET LOCAL statement_timeout = '${publishBoundMs}ms'`)
      await client.query(`SET LOCAL lock_timeout = '${publishLockMs}ms'`)
      done = await render(client, { all })
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
    // This instance serves them as soon as the publish answers (the others within moments).
    if (done) await refresh()
    return done
  }

  return {
    facts,
    file: (file) => files.get(file),
    page: (path) => pages.get(path),
    republish({ all = false } = {}) {
      // One render at a time in this process: the renderer's language and content are global.
      const next = queue.then(() => republishNow(all))
      queue = next.catch(() => {})
      return next
    },
    async start() {
      // A database still without the table (its migration pending) serves the build's pages;
      // any other failure of this first read is tried again until it succeeds (a notification
      // would read them too, but none may come for a long time).
      const firstRead = (): Promise<void> =>
        refresh().catch((error: unknown) => {
          if ((error as { code?: unknown }).code === '42P01' || closed) return
          const again = setTimeout(() => void firstRead(), reconnectMs)
          again.unref()
        })
      await firstRead()
      await listen()
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const client = listener
      listener = undefined
      await client?.end().catch(() => {})
      await publishing.end().catch(() => {})
    },
  }
}

/** A build's identity: its two templates name every script and stylesheet by content hash. */
function buildIdOf(builds: ClientBuilds): string {
  return createHash('sha256')
    .update(builds.public.template)
    .update(builds.signedIn.template)
    .digest('base64url')
    .slice(0, 16)
}

/**
 * Waits for the publish lock: asked again and again rather than waited for in one statement,
 * which the pool's lock timeout (a request's, 1 s) would end while another publish renders.
 */
async function takePublishLock(client: PoolClient, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await client.query<{ taken: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS taken',
      [publishLock],
    )
    if (rows[0]?.taken) return
    if (Date.now() > deadline) throw new Error('Another publish held the lock for a minute')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function rowOf(
  file: string,
  path: string,
  locale: Locale | null,
  status: 200 | 404,
  body: string,
): Promise<Omit<Row, 'content_version'>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        // Not the build's 11: a page of Our work takes about 240 ms at 11 and 2.5 ms at 5 on a
        // loaded two-core machine, for about 11 % more bytes (16.1 kB instead of 14.4 kB), and
        // a publish compresses a dozen pages while the admin waits.
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
    gzipAsync(body, { level: 9 }),
  ])
  return { file, path, locale, status, body, etag: etagOf(body), brotli: br, gzip: gz }
}
