import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { cspHashes } from './server/build/csp-hashes-plugin.ts'

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
      generatedRouteTree: './src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    cspHashes(),
  ],
  build: {
    outDir: 'dist/client',
    assetsInlineLimit: 0,
  },
})
