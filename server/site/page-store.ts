import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import {
  type ManifestPage,
  type PagesManifest,
  pagesManifestFile,
} from '../../domain/pages/page-files'
import type { Encoding } from './content-encoding'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type StoredPage = {
  readonly body: string
  readonly etag: string
  /** The body compressed, as the build wrote it beside the page (or compressed once here). */
  readonly encoded: Readonly<Record<Encoding, Buffer>>
  /** 404: a page a publish removed (a case study's address), served as the 404 page it is. */
  readonly status?: 200 | 404
}

/** What the store reads of the pages a publish stored (server/site/rendered-pages.ts). */
export type PublishedPagesView = {
  /** A stored page by the build's file name. */
  file(file: string): StoredPage | undefined
  /** A stored page at a path the build does not have. */
  page(path: string): ManifestPage | undefined
}

async function readIfPresent(path: string): Promise<Buffer | undefined> {
  return readFile(path).catch(() => undefined)
}

/**
 * The prerendered pages of BUILD_DIR/pages, read once and kept in memory with their brotli and
 * gzip forms. The build wrote its own origin into canonical, hreflang, social and sitemap URLs;
 * when the runtime PUBLIC_URL differs, every occurrence is rewritten here, once per file, and
 * the page is compressed again.
 */
export function createPageStore({
  pagesDir,
  publicUrl,
  published,
}: {
  pagesDir: string
  /** Without it, the pages keep the build's origin. */
  publicUrl: string | undefined
  /** The pages publishing rendered again, served before the build's (docs/decisions/060). */
  published?: PublishedPagesView
}) {
  const cache = new Map<string, Promise<StoredPage | undefined>>()
  let manifest: Promise<PagesManifest> | undefined
  let pageIndex: Promise<PageIndex> | undefined

  // A manifest that cannot be read is an error for this request only: the next one reads again.
  const readManifest = () => {
    manifest ??= readFile(join(pagesDir, pagesManifestFile), 'utf8').then(
      (text) => JSON.parse(text) as PagesManifest,
      (error: unknown) => {
        manifest = undefined
        throw error
      },
    )
    return manifest
  }

  async function load(file: string): Promise<StoredPage | undefined> {
    const { origin, files } = await readManifest()
    if (!files.includes(file)) return undefined
    const path = join(pagesDir, file)
    const raw = await readFile(path, 'utf8')
    const rewritten = publicUrl !== undefined && origin !== publicUrl
    const body = rewritten ? raw.replaceAll(origin, publicUrl) : raw
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    const [br, gz] = rewritten
      ? [undefined, undefined]
      : await Promise.all([readIfPresent(`${path}.br`), readIfPresent(`${path}.gz`)])
    const encoded = {
      br:
        br ??
        (await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
          },
        })),
      gzip: gz ?? (await gzipAsync(body, { level: 9 })),
    }
    return { body, etag, encoded }
  }

  return {
    /** The origin the served pages carry. */
    async origin(): Promise<string> {
      return publicUrl ?? (await readManifest()).origin
    },
    /**
     * The public page at `pathname` (the build's list, derived from the routes), if any. A page
     * of a route with a parameter (`/my-services/$requestId`) is one shell for every value:
     * any single path segment in the parameter's place finds it.
     */
    async page(pathname: string): Promise<ManifestPage | undefined> {
      // One promise for both lookups: two, one awaited after the other, left the second's
      // rejection unhandled when the manifest was missing, and that ended the process.
      pageIndex ??= readManifest().then(indexPages, (error: unknown) => {
        pageIndex = undefined
        throw error
      })
      const { byPath, templates } = await pageIndex
      return (
        byPath.get(pathname) ??
        published?.page(pathname) ??
        templates.find(({ pattern }) => pattern.test(pathname))?.page
      )
    },
    /** The file (a name from the manifest) with the public origin in place, or undefined. */
    get(file: string): Promise<StoredPage | undefined> {
      const fromPublish = published?.file(file)
      if (fromPublish) return Promise.resolve(fromPublish)
      let entry = cache.get(file)
      if (!entry) {
        entry = load(file)
        cache.set(file, entry)
      }
      return entry
    },
  }
}

export type PageStore = ReturnType<typeof createPageStore>

type PageIndex = {
  readonly byPath: ReadonlyMap<string, ManifestPage>
  /** The pages of routes with a parameter, each with the pattern of the paths it serves. */
  readonly templates: readonly { readonly page: ManifestPage; readonly pattern: RegExp }[]
}

function indexPages({ pages }: PagesManifest): PageIndex {
  return {
    byPath: new Map(pages.map((page) => [page.path, page])),
    templates: pages
      .filter((page) => page.path.includes('/$'))
      .map((page) => ({ page, pattern: templatePattern(page.path) })),
  }
}

/** `/my-services/$requestId` → a pattern where `$requestId` is one non-empty path segment. */
function templatePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) =>
      segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
  return new RegExp(`^${segments.join('/')}$`)
}
