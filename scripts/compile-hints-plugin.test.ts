import { describe, expect, it } from 'vitest'
import { type ChunkFacts, startupChunks } from './compile-hints-plugin.ts'

const chunk = (
  fileName: string,
  facts: Partial<Omit<ChunkFacts, 'fileName'>> = {},
): ChunkFacts => ({ fileName, isEntry: false, imports: [], moduleIds: [], ...facts })

describe('startupChunks', () => {
  const bundle = [
    chunk('index.js', { isEntry: true, imports: ['vendor.js'], moduleIds: ['/app/src/main.tsx'] }),
    chunk('vendor.js', { imports: ['shared.js'] }),
    chunk('shared.js'),
    chunk('about.js', {
      imports: ['page-kit.js', 'vendor.js'],
      moduleIds: ['/app/src/routes/about.tsx?tsr-split=component'],
    }),
    chunk('page-kit.js'),
    chunk('messages.js', { moduleIds: ['/app/locales/es/services.po'] }),
    chunk('request-brief.js', {
      imports: ['form-kit.js'],
      moduleIds: ['/app/src/features/requests/request-brief.tsx'],
    }),
    chunk('form-kit.js'),
  ]

  it('takes the entry, route components and catalogs with what they import statically', () => {
    expect([...startupChunks(bundle)].sort()).toEqual([
      'about.js',
      'index.js',
      'messages.js',
      'page-kit.js',
      'shared.js',
      'vendor.js',
    ])
  })

  it('leaves code loaded for later to lazy compilation', () => {
    const startup = startupChunks(bundle)
    expect(startup.has('request-brief.js')).toBe(false)
    expect(startup.has('form-kit.js')).toBe(false)
  })

  it('ignores an import of a file that is not a chunk', () => {
    expect([
      ...startupChunks([chunk('index.js', { isEntry: true, imports: ['gone.js'] })]),
    ]).toEqual(['index.js'])
  })
})
