import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Download } from 'playwright-core'

/**
 * A download's bytes. The e2e files share one Chromium they connect to (global-setup), and a
 * connected client cannot read the browser's own copy (`download.path()`): the file is saved
 * through the connection to a folder of the test's, read and removed.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'e2e-download-'))
  try {
    const file = join(folder, download.suggestedFilename() || 'download')
    await download.saveAs(file)
    return await readFile(file)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** A download's text, UTF-8. */
export async function downloadedText(download: Download): Promise<string> {
  return (await downloadedBytes(download)).toString('utf8')
}
