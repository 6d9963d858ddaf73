import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/**
 * How the client build groups modules into files (docs/decisions/046). The site is served over
 * HTTP/1.1, where a browser opens six connections to an origin: every file past the sixth waits
 * for a round trip, and under a mobile network's latency the number of files, not their bytes,
 * decides when a page's code has arrived. Two groups cut the number without making any page
 * download code it did not download before:
 *
 * - `app`: every module the entry imports statically. Each page loads all of them already (the
 *   entry cannot run without them); the bundler had spread them over fourteen shared files
 *   because route chunks import some of them too.
 * - `signed-in`: the modules that only pages behind the sign-in shell reach, shared by two or
 *   more of those pages. A module only one of those pages reaches stays in that page's chunk,
 *   and code a page loads on demand (a dialog, a detail view) stays in its own.
 */

/** What the grouping reads of a module (a subset of the bundler's `ModuleInfo`). */
export type ModuleFacts = {
  readonly importedIds: readonly string[]
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
 * The group of each module that two or more routes' components reach (and the entry does not):
 * `signed-in` when no public route reaches it; otherwise one group per set of routes reaching
 * it, so that a page loads such a file only when it needed every module in it.
 */
export function sharedGroups(moduleIds: Iterable<string>, graph: ModuleGraph): Map<string, string> {
  const reachedBy = new Map<string, string[]>()
  const signedInRoutes = new Set<string>()
  for (const id of moduleIds) {
    if (!routeComponent.test(id)) continue
    const closure = staticClosure(id, graph)
    if ([...closure].some((reached) => signedInShell.test(reached))) signedInRoutes.add(id)
    for (const reached of closure) reachedBy.set(reached, [...(reachedBy.get(reached) ?? []), id])
  }
  const groups = new Map<string, string>()
  for (const [id, routes] of reachedBy) {
    if (routes.length < 2) continue
    groups.set(
      id,
      routes.every((route) => signedInRoutes.has(route))
        ? 'signed-in'
        : `shared-${createHash('sha256').update(routes.sort().join('\n')).digest('hex').slice(0, 6)}`,
    )
  }
  return groups
}

/** The two groups, for the client build only (the server's bundles are not split this way). */
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
