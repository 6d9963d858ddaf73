import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type MachineEntry, machinesMarkdown, machinesOf } from '../../scripts/machine-mermaid'

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*-machine.ts', {
  eager: true,
})
const entries: MachineEntry[] = Object.keys(modules)
  .sort()
  .flatMap((path) => machinesOf(path.replace('../../', ''), modules[path] ?? {}))

describe('docs/machines.md', () => {
  it('has a diagram of every machine, as the machines are now (else: npm run machines:diagrams)', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../docs/machines.md'), 'utf8')
    expect(committed).toBe(machinesMarkdown(entries))
  })

  it('draws states, the initial state, guards, actions and delayed transitions', () => {
    const markdown = machinesMarkdown(entries)
    expect(markdown).toContain('servicesMenu_closed --> servicesMenu_open : toggle')
    expect(markdown).toContain('servicesMenu_open --> servicesMenu_closed : escape / returnFocus')
    expect(markdown).toContain('theme_starting --> theme_dark : always [startsDark]')
    expect(markdown).toContain('[*] --> languageMenu_closed')
  })
})
