import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { buildServerInto } from './server-process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared server build goes (made by the first file that asks for it). */
    sharedServerBuild: string
  }
}

/**
 * The run's one build of the current server (buildServer's), shared by every file that runs the
 * server as a process: the first file to ask builds it, under a lock, the others wait for it.
 * Nothing writes into a build, so sharing it leaks nothing between files; the directory is the
 * run's (server/test/global-setup.ts names it and removes it at the end): a file must not.
 */
export async function sharedServerBuild(
  outDir: string = inject('sharedServerBuild'),
  timeoutMs = 300_000,
): Promise<string> {
  const ready = join(outDir, 'ready')
  const failed = join(outDir, 'failed')
  try {
    mkdirSync(outDir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // Another file is building it, or has.
    const deadline = Date.now() + timeoutMs
    while (!existsSync(ready)) {
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'))
      if (Date.now() > deadline)
        throw new Error(`No shared server build in ${outDir} after ${timeoutMs} ms`)
      await new Promise((resolveWait) => setTimeout(resolveWait, 250))
    }
    return outDir
  }
  try {
    buildServerInto(outDir)
  } catch (error) {
    writeFileSync(failed, String(error))
    throw error
  }
  writeFileSync(ready, '')
  return outDir
}
