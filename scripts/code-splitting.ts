import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/**
 * How the client build groups modules into files (docs/decisions/046). The site is served over
 * HTTP/1.1, where a browser opens six connections to an origin: every file past the sixth waits
 * for a round trip, and under a mobile network's latency the number of files, not their bytes,
 * decides when a page's code has arrived. Three kinds of group cut the number without making
 * any page download code it did not download before:
 *
 * - `app`: every module the entry imports statically. Each page loads all of them already (the
 *   entry cannot run without them); the bundler had spread them over fourteen shared files
 *   because route chunks import some of them too.
 * - `signed-in`: the modules that only pages behind the sign-in shell reach, shared by two or
 *   more of those pages, and that no public page loads even on demand.
 * - `shared-<hash>`: the modules two or more routes or on-demand loads of a public page reach,
 *   one group per set of them.
 *
 * A module one route alone reaches stays in that route's chunk, and code a page loads on
 * demand (a dialog, a detail view) stays in its own.
 */

/** What the grouping reads of a module (a subset of the bundler's `ModuleInfo`). */
export type ModuleFacts = {
  readonly importedIds: readonly string[]
  readonly dynamicallyImportedIds: readonly string[]
  readonly isEntry: boolean
}

export type ModuleGraph = (id: string) => ModuleFacts | null

/** A route's component, split by TanStack Router's plugin: the chunk a page's route loads. */
const routeComponent = /[\\/]src[\\/]routes[\\/][^?]+\?tsr-split=component$/
/** The frame of every page that needs a session: a route that reaches it is signed in. */
const signedInShell = /[\\/]src[\\/]session[\\/]signed-in-shell\.tsx$/

/** Every module `start` reaches by static imports, itself included. */
function staticClosure(start: string, graph: ModuleGraph): Set<string> {
  const reached = new Set<string>()
  const pending = [start]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue
    reached.add(id)
    for (const imported of graph(id)?.importedIds ?? []) pending.push(imported)
  }
  return reached
}

/**
 * What a public page may load on demand (the header's session runtime, a service page's request
 * brief, a passkey dialog): every dynamic import the entry and the public routes reach, short
 * of the routes themselves.
 */
function publicLazyRoots(
  moduleIds: readonly string[],
  signedInRoutes: ReadonlySet<string>,
  graph: ModuleGraph,
): Set<string> {
  const reached = new Set<string>()
  const roots = new Set<string>()
  const pending = moduleIds.filter(
    (id) => graph(id)?.isEntry || (routeComponent.test(id) && !signedInRoutes.has(id)),
  )
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id) || signedInRoutes.has(id)) continue
    reached.add(id)
    const facts = graph(id)
    pending.push(...(facts?.importedIds ?? []))
    for (const lazy of facts?.dynamicallyImportedIds ?? []) {
      if (!routeComponent.test(lazy)) roots.add(lazy)
      pending.push(lazy)
    }
  }
  return roots
}

/**
 * The group of each module that two or more roots reach by static imports, a root being a
 * route's component or something a public page loads on demand:
 * - `signed-in` when only signed-in routes reach it;
 * - otherwise `shared-<hash>`, one group per set of roots, so that whatever loads such a file
 *   needed every module in it.
 * Others are left to the bundler.
 */
export function sharedGroups(moduleIds: Iterable<string>, graph: ModuleGraph): Map<string, string> {
  const ids = [...moduleIds]
  const routes = ids.filter((id) => routeComponent.test(id))
  const signedInRoutes = new Set(
    routes.filter((id) => [...staticClosure(id, graph)].some((m) => signedInShell.test(m))),
  )
  const reachedBy = new Map<string, string[]>()
  for (const root of [...routes, ...publicLazyRoots(ids, signedInRoutes, graph)]) {
    for (const reached of staticClosure(root, graph))
      reachedBy.set(reached, [...(reachedBy.get(reached) ?? []), root])
  }
  const groups = new Map<string, string>()
  for (const [id, roots] of reachedBy) {
    if (roots.length < 2) continue
    if (roots.every((root) => signedInRoutes.has(root))) groups.set(id, 'signed-in')
    else {
      const key = createHash('sha256').update(roots.sort().join('\n')).digest('hex')
      groups.set(id, `shared-${key.slice(0, 6)}`)
    }
  }
  return groups
}

/** The groups, for the client build only (the server's bundles are not split this way). */
export function pageChunks(): Plugin {
  let groups = new Map<string, string>()
  return {
    name: 'page-chunks',
    config(_, { isSsrBuild }) {
      if (isSsrBuild) return
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'app', tags: ['$initial'] },
                  {
                    name: (id) => groups.get(id) ?? null,
                    // Not what they import: those that public pages share stay where they are.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      }
    },
    buildEnd() {
      groups = sharedGroups(this.getModuleIds(), (id) => this.getModuleInfo(id))
    },
  }
}
