// `npm run machines:diagrams`: writes docs/machines.md, a Mermaid state diagram of every
// machine exported by machines/*-machine.ts, drawn from the definitions themselves. The
// modules load through Vite (the project's config), so whatever they import is transformed
// the way the app and the tests see it (Lingui macros included).
import { readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createServer } from 'vite'
import { type MachineEntry, machinesMarkdown, machinesOf } from './machine-mermaid'

const root = resolve(import.meta.dirname, '..')
const files = readdirSync(join(root, 'machines'))
  .filter((name) => name.endsWith('-machine.ts'))
  .sort()

const vite = await createServer({
  root,
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
})
try {
  const entries: MachineEntry[] = []
  for (const name of files) {
    const module: Record<string, unknown> = await vite.ssrLoadModule(`/machines/${name}`)
    entries.push(...machinesOf(`machines/${name}`, module))
  }
  writeFileSync(join(root, 'docs', 'machines.md'), machinesMarkdown(entries))
  console.log(`docs/machines.md: ${entries.map((entry) => entry.machine.id).join(', ')}`)
} finally {
  await vite.close()
}
