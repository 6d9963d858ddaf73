import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * The previous release, for the rolling-upgrade test: the code as it was before the newest
 * migration was added, taken from git history. "Before" is the first parent of the last commit
 * (on the first-parent line, so a merged branch counts as one change) that changed the
 * migrations' journal; `ROLLING_UPGRADE_FROM` names another revision (an older release a
 * deployment upgrades from).
 */

const root = resolve(import.meta.dirname, '../..')
const journalPath = 'server/db/migrations/meta/_journal.json'

type JournalEntry = { readonly tag: string; readonly when: number }

function git(...args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim()
}

function gitOrUndefined(...args: string[]): string | undefined {
  const result = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

/** The previous release is not in this clone's history (a shallow clone). */
export class MissingHistory extends Error {}

export type PreviousRelease = {
  /** The commit the previous release's tree is taken from. */
  readonly revision: string
  /** The tags of the migrations that release knew. */
  readonly knownTags: readonly string[]
}

/**
 * Finds the previous release. Throws with what to do when it is not in this clone's history
 * (a shallow clone: CI's checkout with a depth of one, say).
 */
export function findPreviousRelease(current: readonly JournalEntry[]): PreviousRelease {
  const chosen = process.env.ROLLING_UPGRADE_FROM
  let revision: string
  if (chosen) {
    const found = gitOrUndefined('rev-parse', '--verify', '--quiet', `${chosen}^{commit}`)
    if (!found) throw new Error(`ROLLING_UPGRADE_FROM=${chosen} is not a commit of this clone`)
    revision = found
  } else {
    const last = gitOrUndefined('log', '--first-parent', '-1', '--format=%H', '--', journalPath)
    // No repository here (a source archive), no git, or one git refuses to read.
    if (last === undefined)
      throw new MissingHistory(
        `The previous release cannot be read: git cannot read the history at ${root}.`,
      )
    const parent = last
      ? gitOrUndefined('rev-parse', '--verify', '--quiet', `${last}^1^{commit}`)
      : undefined
    if (!parent) {
      const shallow = gitOrUndefined('rev-parse', '--is-shallow-repository') === 'true'
      throw new MissingHistory(
        [
          `The previous release is not in this clone's history: ${
            last
              ? `the last commit that changed ${journalPath} (${last.slice(0, 12)}) has no parent here`
              : `no commit here changed ${journalPath}`
          }${shallow ? ' (the clone is shallow)' : ''}.`,
          'The rolling-upgrade test runs the code before the newest migration: fetch the history',
          '(`git fetch --unshallow`, or a checkout with fetch-depth 0) or name a revision in',
          'ROLLING_UPGRADE_FROM. The expand-only check of the migrations (server/db/migration-rules.test.ts)',
          'runs without it.',
        ].join('\n'),
      )
    }
    revision = parent
  }
  const previous = JSON.parse(git('show', `${revision}:${journalPath}`)) as {
    entries: JournalEntry[]
  }
  const knownTags = previous.entries.map((entry) => entry.tag)
  // The previous release's migrations must be the current ones' beginning: the upgrade adds
  // migrations, it never rewrites one a database may have applied.
  const mismatch = previous.entries.findIndex(
    (entry, index) => current[index]?.tag !== entry.tag || current[index]?.when !== entry.when,
  )
  if (mismatch >= 0 || previous.entries.length >= current.length)
    throw new Error(
      `The migrations of ${revision.slice(0, 12)} (${knownTags.join(', ')}) are not the beginning of the current ones (${current.map((entry) => entry.tag).join(', ')})`,
    )
  return { revision, knownTags }
}

/**
 * The previous release's tree, extracted under the repository's .tmp (`git archive`), with the
 * repository's node_modules linked into it. Returns the directory.
 */
export function extractRelease(revision: string): string {
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const directory = mkdtempSync(join(root, '.tmp', 'previous-release-'))
  const archive = spawnSync('git', ['-C', root, 'archive', '--format=tar', revision], {
    maxBuffer: 1024 * 1024 * 1024,
  })
  if (archive.status !== 0) throw new Error(`git archive ${revision} failed: ${archive.stderr}`)
  const unpacked = spawnSync('tar', ['-x', '-C', directory], { input: archive.stdout })
  if (unpacked.status !== 0) throw new Error(`tar failed: ${unpacked.stderr}`)
  symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'), 'dir')
  return directory
}
