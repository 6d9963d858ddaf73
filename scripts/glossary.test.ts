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

  it('fails on a path or a table that is gone', () => {
    const stale = `${glossary}\n\`server/messages/workspace-deps.ts\` \`thread_postings\``
    expect(staleNames(stale, (path) => existsSync(join(root, path)), schema)).toEqual([
      'server/messages/workspace-deps.ts',
      'thread_postings',
    ])
  })
})
