import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPageStore } from './page-store'

const folders: string[] = []
const emptyFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'page-store-'))
  folders.push(folder)
  return folder
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('the page store', () => {
  it('answers a missing manifest with an error for that request alone, and reads it again next time', async () => {
    const pagesDir = emptyFolder()
    const store = createPageStore({ pagesDir, publicUrl: undefined })
    // Vitest fails the run on an unhandled rejection: a lookup whose second half is left
    // rejected would end a real server's process.
    await expect(store.page('/')).rejects.toThrow(/ENOENT/)
    await expect(store.page('/my-services/abc')).rejects.toThrow(/ENOENT/)

    writeFileSync(
      join(pagesDir, 'manifest.json'),
      JSON.stringify({
        origin: 'https://example.test',
        files: ['index.html'],
        pages: [{ path: '/' }],
      }),
    )
    await expect(store.page('/')).resolves.toMatchObject({ path: '/' })
  })
})
