import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (docs/decisions/029): a file that starts with this comment has all
 * its functions compiled while it downloads, on a background thread, instead of each one on the
 * main thread the first time it is called. Chrome 136+ reads it; other browsers ignore a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** What the plugin needs to know of an output chunk (a subset of Rollup's `OutputChunk`). */
export type ChunkFacts = {
  readonly fileName: string
  readonly isEntry: boolean
  readonly imports: readonly string[]
  readonly moduleIds: readonly string[]
}

/**
 * The chunks whose code runs while a page starts: the entry and everything it imports
 * statically, each route's split component and each compiled catalog (a page preloads its own
 * and renders them at once), with their static imports. Code loaded for later (a lazy form, the
 * signed-in session) keeps V8's lazy compilation: most of it may never run.
 */
export function startupChunks(chunks: readonly ChunkFacts[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const startup = new Set<string>()
  const visit = (chunk: ChunkFacts | undefined): void => {
    if (!chunk || startup.has(chunk.fileName)) return
    startup.add(chunk.fileName)
    for (const imported of chunk.imports) visit(byFile.get(imported))
  }
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.moduleIds.some(runsAtStart)) visit(chunk)
  }
  return startup
}

function runsAtStart(moduleId: string): boolean {
  return moduleId.includes('?tsr-split=component') || /\/locales\/[^/]+\/[^/]+\.po$/.test(moduleId)
}

/** Prepends the compile hint to the client build's start-up chunks. */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      // After Vite's own rewrites (its preload helper goes in front of the entry's code): V8
      // looks for the hint at the top of the file.
      order: 'post',
      handler(options, bundle) {
        // A line added in front would shift every mapping of a source map.
        if (options.sourcemap) throw new Error('compile-hints: source maps are not supported')
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        )
        const startup = startupChunks(chunks)
        for (const chunk of chunks) {
          if (startup.has(chunk.fileName)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}
