import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A PostgreSQL server left behind by a process that was killed (SIGKILL, out of memory) keeps
 * its data directory locked: `postgres` refuses to start while the pid in postmaster.pid is
 * alive. This module tells such an orphan from a server that another live process of ours still
 * uses, and stops the orphan.
 */

export type PostmasterState =
  | { readonly kind: 'none' }
  /** postmaster.pid names a pid that is gone, or that now belongs to something else. */
  | { readonly kind: 'stale-file' }
  | { readonly kind: 'in-use'; readonly pid: number; readonly ownerPid: number }
  | { readonly kind: 'orphan'; readonly pid: number }

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(path: string): number | undefined {
  try {
    const value = Number.parseInt(readFileSync(path, 'utf8').split('\n')[0] ?? '', 10)
    return Number.isInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

/** Parent pid and command line from /proc (Linux); undefined where /proc is unavailable. */
function processInfo(pid: number): { readonly ppid: number; readonly cmdline: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 4 is the parent pid; field 2 (the name) may contain spaces, so split after ')'.
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10)
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    return { ppid, cmdline }
  } catch {
    return undefined
  }
}

/** Remembers which process started the server, so a later start can tell an orphan. */
export function writeOwner(ownerFile: string, pid: number = process.pid): void {
  writeFileSync(ownerFile, `${pid}\n`, { mode: 0o600 })
}

/** The pid in the cluster's postmaster.pid, if any. */
export function postmasterPid(clusterDir: string): number | undefined {
  return readPid(join(clusterDir, 'postmaster.pid'))
}

export function inspectPostmaster(clusterDir: string, ownerFile: string): PostmasterState {
  const pid = postmasterPid(clusterDir)
  if (pid === undefined) return { kind: 'none' }
  if (!isAlive(pid)) return { kind: 'stale-file' }
  const info = processInfo(pid)
  if (info && !info.cmdline.includes('postgres')) return { kind: 'stale-file' }
  const ownerPid = readPid(ownerFile)
  // The server is a child of the process that started it. If that process still is its
  // parent, the server is in use; once the owner dies, the server is re-parented (to init or a
  // sub-reaper) and is an orphan.
  if (ownerPid !== undefined && ownerPid !== process.pid && isAlive(ownerPid)) {
    if (!info || info.ppid === ownerPid) return { kind: 'in-use', pid, ownerPid }
  }
  return { kind: 'orphan', pid }
}

export function removeStalePidFile(clusterDir: string): void {
  rmSync(join(clusterDir, 'postmaster.pid'), { force: true })
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !isAlive(pid)
}

/**
 * Stops an orphaned server: SIGINT is PostgreSQL's "fast" shutdown (roll back open
 * transactions, checkpoint, exit); SIGQUIT, the "immediate" one, only if that hangs. Committed
 * data is safe either way (WAL, fsync on).
 */
export async function stopOrphan(pid: number, timeoutMs = 15_000): Promise<void> {
  process.kill(pid, 'SIGINT')
  if (await waitForExit(pid, timeoutMs)) return
  process.kill(pid, 'SIGQUIT')
  if (await waitForExit(pid, 5_000)) return
  throw new Error(
    `The PostgreSQL server left running by a previous process (pid ${pid}) does not stop`,
  )
}
