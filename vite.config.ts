import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pageChunks } from './scripts/code-splitting.ts'
import { compileHints } from './scripts/compile-hints-plugin.ts'
import { machineInspector } from './scripts/inspector/inspector-plugin.ts'
import { cspHashes } from './server/build/csp-hashes-plugin.ts'

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The site ships Preact's React-compatible runtime instead of react-dom (docs/decisions/015):
// the same components at a tenth of the runtime's weight. The aliases name Preact's ES module
// files, so CommonJS dependencies that require('react') share the one Preact instance.
// Vitest keeps React (Testing Library renders through react-dom); the end-to-end suite runs
// the built site, Preact included.
const preact = [
  { find: /^react-dom\/client$/, replacement: file('./node_modules/preact/compat/client.mjs') },
  { find: /^react-dom\/server$/, replacement: file('./node_modules/preact/compat/server.mjs') },
  {
    find: /^react\/jsx-(dev-)?runtime$/,
    replacement: file('./node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs'),
  },
  { find: /^react(-dom)?$/, replacement: file('./node_modules/preact/compat/dist/compat.mjs') },
]

// Plugin order matters: the route tree is generated first (TanStack Router's plugin must run
// before React's), then React, then the Babel pass that compiles Lingui's macros (without it
// the build fails with "The macro you imported … is being executed outside the context of
// compilation"), then Lingui's plugin, which compiles the imported .po catalogs.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routing/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    cspHashes(),
    compileHints(),
    pageChunks(),
    // `npm run dev` only: the machine inspector at /__inspector (scripts/inspector/).
    machineInspector(),
  ],
  resolve: process.env.VITEST ? {} : { alias: preact },
  // The prerenderer renders with Preact too: the packages that import React are bundled into
  // it, so they get the alias instead of loading react from node_modules.
  ssr: process.env.VITEST
    ? {}
    : {
        noExternal: [
          'preact',
          'preact-render-to-string',
          '@tanstack/react-router',
          '@tanstack/react-store',
          '@tanstack/react-query',
          '@lingui/react',
          '@xstate/react',
          'use-sync-external-store',
        ],
      },
  build: {
    outDir: 'dist/client',
    // Files stay files (cached once for every page), except the logo's mask: on every page's
    // first paint, and a request of its own costs a page one of HTTP/1.1's six connections for
    // a round trip (docs/decisions/050).
    assetsInlineLimit: (file) => file.endsWith('/brand/brand-mark.svg'),
  },
})
