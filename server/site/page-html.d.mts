/** Types of page-html.mjs (a plain Node module, so the build runs it without compiling it). */

/** What the HTML assembly reads of the renderer's answer (`RenderedPage`, src/entry-server.tsx). */
export type RenderedPageParts = {
  readonly lang: string
  readonly headHtml: string
  readonly appHtml: string
  readonly routeIds: readonly string[]
  readonly catalogs: readonly string[]
  readonly firstReads: readonly string[]
  readonly contentJson: string | null
}

/** A client build's index.html and its chunk report (scripts/chunk-report.mjs). */
export type ClientBuild = {
  readonly template: string
  readonly chunks: Readonly<
    Record<
      string,
      {
        readonly modules: Readonly<Record<string, unknown>>
        readonly imports?: readonly string[]
        readonly css?: readonly string[]
      }
    >
  >
}

export type ClientBuilds = { readonly public: ClientBuild; readonly signedIn: ClientBuild }

export declare function readBuilds(outDir: string): Promise<ClientBuilds>
export declare function pageHtml(
  page: RenderedPageParts,
  builds: ClientBuilds,
  clientDir: string,
): Promise<string>
