import type { HotChannelClient, Plugin } from 'vite'
import {
  type AppMessage,
  appChannel,
  commandChannel,
  syncChannel,
} from '../../src/ui/inspector-protocol.ts'

/** The inspector page's address on the dev server. */
export const inspectorPath = '/__inspector'

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Machine inspector (development)</title>
</head>
<body>
<div id="inspector-root"></div>
<script type="module" src="/scripts/inspector/page/main.ts"></script>
</body>
</html>
`

/**
 * `npm run dev` only (`apply: 'serve'`; never in a build, never prerendered, not in Vitest):
 * serves the machine inspector at `/__inspector` and relays, over Vite's own WebSocket (the
 * HMR channel), what each app tab's actors do to every inspector, and an inspector's events
 * and requests to the app tabs. When a tab's connection closes (the tab was closed or
 * reloaded), the inspectors are told, so its actors show as stopped. Nothing leaves the
 * machine: the page and its charts are served from the repository.
 */
export function machineInspector(): Plugin {
  return {
    name: 'puente:machine-inspector',
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    // The page's layout library, bundled with the app's dependencies at start: found later,
    // it would make Vite re-bundle and reload every open tab (their actors with them).
    config: () => ({ optimizeDeps: { include: ['elkjs/lib/elk.bundled.js'] } }),
    configureServer(server) {
      const tabsOf = new Map<HotChannelClient, Set<string>>()
      const broadcast = (channel: string, data: unknown) => server.ws.send(channel, data)
      server.ws.on(appChannel, (message: AppMessage, client) => {
        if (message.type !== 'tab-closed') {
          const tabs = tabsOf.get(client) ?? new Set<string>()
          tabs.add(message.tab)
          tabsOf.set(client, tabs)
        }
        broadcast(appChannel, message)
      })
      server.ws.on(commandChannel, (command: unknown) => broadcast(commandChannel, command))
      server.ws.on(syncChannel, () => broadcast(syncChannel, {}))
      server.ws.on('vite:client:disconnect', (_data: unknown, client) => {
        for (const tab of tabsOf.get(client) ?? [])
          broadcast(appChannel, { type: 'tab-closed', tab, time: Date.now() })
        tabsOf.delete(client)
      })
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]
        if (path !== inspectorPath && path !== `${inspectorPath}/`) return next()
        server
          .transformIndexHtml(inspectorPath, page)
          .then((html) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8')
            response.setHeader('Cache-Control', 'no-store')
            response.end(html)
          })
          .catch(next)
      })
    },
  }
}
