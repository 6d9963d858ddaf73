// A Vite plugin for the client build: writes BUILD_DIR/chunks.json, which source modules went
// into which JavaScript file. The performance-budget test reads it to prove that what the
// home page loads holds no registration, validation, query or inspector code.
import { writeFile } from 'node:fs/promises'
import { relative } from 'node:path'

export function chunkReport(file) {
  return {
    name: 'chunk-report',
    apply: 'build',
    async writeBundle(_options, bundle) {
      const chunks = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          // The stylesheets Vite loads with this chunk (a lazy route's CSS).
          css: [...(output.viteMetadata?.importedCss ?? [])],
          // Source module → its size in this file (minified, before compression).
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, module]) => [
              id.startsWith('/') ? relative(process.cwd(), id) : id,
              module.renderedLength,
            ]),
          ),
        }
      }
      await writeFile(file, `${JSON.stringify(chunks, null, 1)}\n`)
    },
  }
}
