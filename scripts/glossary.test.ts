import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverResources } from './check-architecture.mjs'

const root = join(import.meta.dirname, '..')

/** The glossary section of docs/architecture.md (`text` for a throw-away copy). */
function glossaryOf(text: string): string {
  const start = text.indexOf('## Glossary')
  if (start < 0) return ''
  const end = text.indexOf('\n## ', start + 1)
  return text.slice(start, end < 0 ? undefined : end)
}

/** What the glossary names that does not exist: a repository path, or a table of the schema. */
function staleNames(glossary: string, exists: (path: string) => boolean, schema: string) {
  const stale: string[] = []
  for (const [, name = ''] of glossary.matchAll(/`([^`\s]+)`/g)) {
    if (name.startsWith('/') || name.includes(':') || name.includes('<') || name.includes('*'))
      continue
    if (/^(domain|server|src|machines|scripts|tests|locales)\//.test(name)) {
      if (!exists(name)) stale.push(name)
    } else if (/^[a-z]+(_[a-z]+)+$|^(users|sessions|passkeys|proposals)$/.test(name)) {
      if (!schema.includes(`'${name}'`)) stale.push(name)
    }
  }
  return stale
}

/** The behaviours a newcomer looks up by name; each entry leads to every part of it. */
const behaviours = [
  'A client uploads a file',
  'An admin signs in with a code',
  'A client accepts a proposal',
  'A visitor sends an enquiry',
]
/** Behaviours the glossary names as not built yet (the entry says so). */
const unbuilt = ['An instalment comes due']

/** A behaviour's entry: from its `- **name**` to the next entry or the end of the list. */
function entryOf(glossary: string, name: string): string {
  const start = glossary.indexOf(`- **${name}**`)
  if (start < 0) return ''
  const end = glossary.slice(start + 1).search(/\n(- \*\*|\n)/)
  return glossary.slice(start, end < 0 ? undefined : start + 1 + end)
}

/** Which parts an entry does not name: the route, handler, store, machine, component, test. */
function missingParts(entry: string): string[] {
  const names = [...entry.matchAll(/`([^`]+)`/g)].map(([, name = '']) => name)
  const parts: Record<string, (name: string) => boolean> = {
    route: (name) => /^(GET|POST|PUT|PATCH|DELETE) \/api\/v1\//.test(name),
    handler: (name) => /^server\/.+(?<!-store|\.test)\.ts$/.test(name),
    store: (name) => /^server\/.+-store\.ts$/.test(name),
    machine: (name) => /^machines\/.+-machine\.ts$/.test(name),
    component: (name) => /^src\/.+\.tsx$/.test(name),
    tests: (name) => /^server\/.+\.test\.ts$/.test(name),
  }
  return Object.entries(parts)
    .filter(([, matches]) => !names.some(matches))
    .map(([part]) => part)
}

describe('the glossary (docs/architecture.md)', () => {
  const glossary = glossaryOf(readFileSync(join(root, 'docs/architecture.md'), 'utf8'))
  const schema = readFileSync(join(root, 'server/db/schema.ts'), 'utf8')

  it('names only paths and tables that exist', () => {
    expect(glossary).not.toBe('')
    expect(staleNames(glossary, (path) => existsSync(join(root, path)), schema)).toEqual([])
  })

  it('has a row for every resource', () => {
    for (const name of serverResources) expect(glossary).toContain(`| ${name} |`)
  })

  it('leads from each behaviour to its route, handler, store, machine, component and tests', () => {
    for (const name of behaviours) {
      const entry = entryOf(glossary, name)
      expect(entry, name).not.toBe('')
      expect(missingParts(entry), name).toEqual([])
    }
    for (const name of unbuilt) expect(entryOf(glossary, name)).toMatch(/not built/)
  })

  it('fails on a behaviour without one of its parts', () => {
    const entry = entryOf(glossary, 'A client uploads a file')
    const withoutStore = entry.replaceAll('`server/files/file-store.ts`', 'the store')
    expect(missingParts(withoutStore)).toEqual(['store'])
    expect(entryOf(glossary, 'A client pays an instalment')).toBe('')
  })

  it('fails on a path or a table that is gone', () => {
    const stale = `${glossary}\n\`server/messages/workspace-deps.ts\` \`thread_postings\``
    expect(staleNames(stale, (path) => existsSync(join(root, path)), schema)).toEqual([
      'server/messages/workspace-deps.ts',
      'thread_postings',
    ])
  })
})
