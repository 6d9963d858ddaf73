import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/**
 * How the client build groups modules into files (docs/decisions/046). The site is served over
 * HTTP/1.1, where a browser opens six connections to an origin: every file past the sixth waits
 * for a round trip, and under a mobile network's latency the number of files, not their bytes,
 * decides when a page's code has arrived. Three kinds of group cut the number:
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
 * demand (a dialog, a detail view) stays in its own. Then a small `shared-` group joins a larger
 * one that all its pages load anyway (foldSmallGroups, docs/decisions/049): a few hundred bytes
 * more on some signed-in pages, a file fewer on each of its own.
 */

/** What the grouping reads of a module (a subset of the bundler's `ModuleInfo`). */
export type ModuleFacts = {
  readonly importedIds: readonly string[]
  readonly dynamicallyImportedIds: readonly string[]
  readonly isEntry: boolean
  /** The module's code as the bundler holds it (transformed, not yet minified). */
  readonly code?: string | null
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

/** What the entries reach by static imports: the `app` group, which every page loads. */
function entryModules(moduleIds: readonly string[], graph: ModuleGraph): Set<string> {
  const entries = moduleIds.filter((id) => graph(id)?.isEntry)
  return new Set(entries.flatMap((entry) => [...staticClosure(entry, graph)]))
}

/** The routes whose components reach the sign-in shell: the pages behind the sign-in. */
function signedInRouteIds(routes: readonly string[], graph: ModuleGraph): Set<string> {
  return new Set(
    routes.filter((id) => [...staticClosure(id, graph)].some((m) => signedInShell.test(m))),
  )
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
 * The routes on whose pages each on-demand load may happen: every route when something every
 * page runs (the entry's modules) imports it, else the routes whose own modules do, directly or
 * through another on-demand load.
 */
function lazyLoaders(
  lazyRoots: ReadonlySet<string>,
  routes: readonly string[],
  entries: readonly string[],
  graph: ModuleGraph,
): Map<string, ReadonlySet<string>> {
  const loaders = new Map<string, Set<string>>()
  const load = (context: readonly string[], start: Iterable<string>) => {
    const pending = [...start]
    const seen = new Set<string>()
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id)) continue
      seen.add(id)
      for (const lazy of graph(id)?.dynamicallyImportedIds ?? []) {
        if (!lazyRoots.has(lazy)) continue
        const known = loaders.get(lazy) ?? new Set()
        for (const route of context) known.add(route)
        loaders.set(lazy, known)
        pending.push(...staticClosure(lazy, graph))
      }
    }
  }
  for (const entry of entries) load(routes, staticClosure(entry, graph))
  for (const route of routes) load([route], staticClosure(route, graph))
  return loaders
}

/**
 * The group of each module that two or more roots reach by static imports, a root being a
 * route's component or something a public page loads on demand:
 * - `signed-in` when only signed-in routes reach it;
 * - otherwise `shared-<hash>`, one group per set of routes that reach it, with the on-demand
 *   loads that reach it and may happen on a page outside that set. Whatever loads such a file
 *   needs every module in it: a page of the set loads the file with its own code, and an
 *   on-demand load on another page is part of the group's key. (An on-demand load that happens
 *   only on the set's pages finds the file there already, so it does not split the group.)
 * Others are left to the bundler.
 */
export function sharedGroups(moduleIds: Iterable<string>, graph: ModuleGraph): Map<string, string> {
  const ids = [...moduleIds]
  const routes = ids.filter((id) => routeComponent.test(id))
  const signedInRoutes = signedInRouteIds(routes, graph)
  const lazyRoots = publicLazyRoots(ids, signedInRoutes, graph)
  const entries = ids.filter((id) => graph(id)?.isEntry)
  const loaders = lazyLoaders(lazyRoots, routes, entries, graph)
  const reachedBy = new Map<string, string[]>()
  for (const root of [...routes, ...lazyRoots]) {
    for (const reached of staticClosure(root, graph))
      reachedBy.set(reached, [...(reachedBy.get(reached) ?? []), root])
  }
  // What the entry imports is in `app`, the group before these: every page has it.
  const inApp = entryModules(ids, graph)
  const groups = new Map<string, string>()
  const keys = new Map<string, GroupKey>()
  for (const [id, roots] of reachedBy) {
    if (roots.length < 2 || inApp.has(id)) continue
    if (roots.every((root) => signedInRoutes.has(root))) {
      groups.set(id, 'signed-in')
      keys.set('signed-in', { routes: signedInRoutes, loadedElsewhere: new Set() })
      continue
    }
    const routesOf = new Set(roots.filter((root) => !lazyRoots.has(root)))
    const loadedElsewhere = roots.filter(
      (root) =>
        lazyRoots.has(root) && [...(loaders.get(root) ?? [])].some((page) => !routesOf.has(page)),
    )
    const key = [...routesOf, ...loadedElsewhere].sort().join('\n')
    const name = `shared-${createHash('sha256').update(key).digest('hex').slice(0, 6)}`
    groups.set(id, name)
    keys.set(name, { routes: routesOf, loadedElsewhere: new Set(loadedElsewhere) })
  }
  return foldSmallGroups(groups, keys, signedInRoutes, graph)
}

/** Who loads a group's file: the pages of these routes with their code, and these loads. */
type GroupKey = {
  readonly routes: ReadonlySet<string>
  readonly loadedElsewhere: ReadonlySet<string>
}

/**
 * A group smaller than this (characters of transformed code; compressed, a few kilobytes) costs
 * a page more as a file of its own (a request, and on a mobile network with six connections a
 * round trip of over half a second) than as a part of a larger file it loads anyway
 * (docs/decisions/049).
 */
export const smallGroupChars = 10_000

const includes = (outer: ReadonlySet<string>, inner: ReadonlySet<string>) =>
  [...inner].every((item) => outer.has(item))

/**
 * Each small group joins a group that every page and load of its own fetches already (one whose
 * routes include its own, with the same on-demand loads), the one that makes the fewest other
 * pages download it, provided those other pages are signed-in ones and the host's pages already
 * load whatever the small group's modules import; a small group with no such host stays a file
 * of its own. No page gains a file: a page that loaded the small group loads the larger one
 * anyway. Some signed-in pages download a little more.
 */
function foldSmallGroups(
  groups: Map<string, string>,
  keys: ReadonlyMap<string, GroupKey>,
  signedInRoutes: ReadonlySet<string>,
  graph: ModuleGraph,
): Map<string, string> {
  const size = new Map<string, number>()
  const members = new Map<string, string[]>()
  for (const [id, name] of groups) {
    size.set(name, (size.get(name) ?? 0) + (graph(id)?.code?.length ?? 0))
    members.set(name, [...(members.get(name) ?? []), id])
  }
  const into = new Map<string, string>()
  const final = (name: string): string => {
    const host = into.get(name)
    return host ? final(host) : name
  }
  const covers = (outer: GroupKey, inner: GroupKey) =>
    includes(outer.routes, inner.routes) && includes(outer.loadedElsewhere, inner.loadedElsewhere)
  // Only a signed-in page may download a module it does not run: a public page loads exactly
  // its own flow's code (tests/e2e/budget.test.ts), and an on-demand load on a public page too,
  // so a host has the small group's on-demand loads and no other.
  const onlySignedInGain = (host: GroupKey, own: GroupKey) =>
    [...host.routes].every((route) => own.routes.has(route) || signedInRoutes.has(route)) &&
    host.loadedElsewhere.size === own.loadedElsewhere.size
  const small = [...size].filter(([, chars]) => chars < smallGroupChars).sort((a, b) => a[1] - b[1])
  for (const [name] of small) {
    const own = keys.get(name)
    if (!own) continue
    // The groups its modules import: a host's pages would have to load them too.
    const needs = new Set<string>()
    for (const id of members.get(name) ?? [])
      for (const imported of graph(id)?.importedIds ?? []) {
        const group = groups.get(imported)
        if (group && final(group) !== name) needs.add(final(group))
      }
    // The pages that would download it besides its own.
    const extra = (key: GroupKey) => key.routes.size - own.routes.size
    const host = [...keys]
      .filter(([other, key]) => {
        if (other === name || into.has(other)) return false
        if (!covers(key, own) || !onlySignedInGain(key, own)) return false
        return [...needs].every((need) => {
          const needed = keys.get(need)
          return need === other || (needed !== undefined && covers(needed, key))
        })
      })
      .sort((a, b) => extra(a[1]) - extra(b[1]) || (size.get(a[0]) ?? 0) - (size.get(b[0]) ?? 0))[0]
    if (host) into.set(name, host[0])
  }
  return new Map([...groups].map(([id, name]) => [id, final(name)]))
}

/** Where a signed-in page's session runtime lives: every signed-in page starts it. */
const sessionRuntime = /[\\/]src[\\/]session[\\/]session-runtime\.ts$/

/**
 * The groups of the signed-in pages' own build (docs/decisions/050), whose files only a signed-in
 * page's HTML loads first: no public page starts from them, so nothing here weighs on one.
 * - `signed-in`: what the session's runtime needs and what two or more signed-in routes reach,
 *   whichever public pages share it;
 * - `page-<route>`: a signed-in route's component with what it alone of them reaches.
 * A signed-in page then loads the entry, these two and its catalogs. What it loads on demand
 * (a dialog, a library) stays apart, and public routes are left to the bundler: in this build
 * they load only after a visitor moves on from a signed-in page.
 */
export function signedInPageGroups(
  moduleIds: Iterable<string>,
  graph: ModuleGraph,
): Map<string, string> {
  const ids = [...moduleIds]
  const routes = ids.filter((id) => routeComponent.test(id))
  const inApp = entryModules(ids, graph)
  const runtime = ids.find((id) => sessionRuntime.test(id))
  const everyPage = runtime ? staticClosure(runtime, graph) : new Set<string>()
  const reachedBy = new Map<string, string[]>()
  for (const route of signedInRouteIds(routes, graph)) {
    for (const id of staticClosure(route, graph))
      reachedBy.set(id, [...(reachedBy.get(id) ?? []), route])
  }
  const groups = new Map<string, string>()
  for (const id of everyPage) if (!inApp.has(id)) groups.set(id, 'signed-in')
  for (const [id, reachers] of reachedBy) {
    if (inApp.has(id) || groups.has(id)) continue
    const [only] = reachers
    groups.set(id, reachers.length > 1 || !only ? 'signed-in' : `page-${routeName(only)}`)
  }
  return groups
}

/** A route component's file name, fit for a chunk's: `my-services_.$requestId` → `my-services_-requestId`. */
const routeName = (id: string) =>
  (/([^\\/]+)\.tsx\?tsr-split=component$/.exec(id)?.[1] ?? 'route').replace(/[^\w-]+/g, '-')

/**
 * The islands: a public page's widget that must run before the app loads (the home page's
 * slideshow rotates at load), an entry of its own beside index.html's (docs/decisions/068).
 * Its modules are a file of their own, `island-<name>`, which the app's entry imports too: the
 * page loads only that file before the visitor's first intent, and the app runs the same modules
 * (the same Preact, the same handover of the island's state) when it takes over.
 */
export const islands = { slideshow: 'src/hydration/slideshow-island.tsx' } as const

/** The island's group of each module an island reaches by static imports (the entry apart). */
export function islandGroups(moduleIds: Iterable<string>, graph: ModuleGraph): Map<string, string> {
  const groups = new Map<string, string>()
  for (const [name, entry] of Object.entries(islands)) {
    const id = [...moduleIds].find((candidate) => candidate.endsWith(`/${entry}`))
    if (!id) continue
    for (const reached of staticClosure(id, graph))
      if (reached !== id && !groups.has(reached)) groups.set(reached, `island-${name}`)
  }
  return groups
}

/**
 * The groups, for the client builds only (the server's bundles are not split this way): those
 * of the build every public page starts from, with its islands, or with `mode: 'signed-in'`
 * (scripts/build.mjs) those of the pages behind the sign-in.
 */
export function pageChunks(): Plugin {
  let groups = new Map<string, string>()
  let islandModules = new Map<string, string>()
  let islandEntries = new Set<string>()
  const firstIsland = `island-${Object.keys(islands)[0]}`
  let grouping = sharedGroups
  let withIslands = true
  return {
    name: 'page-chunks',
    config(_, { isSsrBuild, mode }) {
      if (isSsrBuild) return
      if (mode === 'signed-in') {
        grouping = signedInPageGroups
        withIslands = false
      }
      return {
        build: {
          rolldownOptions: {
            ...(withIslands && {
              input: {
                index: 'index.html',
                ...Object.fromEntries(
                  Object.entries(islands).map(([name, entry]) => [`island-${name}-entry`, entry]),
                ),
              },
            }),
            output: {
              codeSplitting: {
                groups: [
                  // First: the island's modules are its file, not the app's; the bundler's
                  // runtime (which two entries share) with them, rather than a file of its own.
                  {
                    debugName: 'islands',
                    name: (id: string) =>
                      islandModules.get(id) ??
                      (withIslands && id === '\0rolldown/runtime.js' ? firstIsland : null),
                  },
                  // What index.html's entry runs (an island's entry stays its own file).
                  { name: 'app', tags: ['$initial'], test: (id: string) => !islandEntries.has(id) },
                  {
                    debugName: 'shared',
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
      const graph: ModuleGraph = (id) => this.getModuleInfo(id)
      groups = grouping(this.getModuleIds(), graph)
      if (!withIslands) return
      islandModules = islandGroups(this.getModuleIds(), graph)
      islandEntries = new Set(
        [...this.getModuleIds()].filter((id) =>
          Object.values(islands).some((entry) => id.endsWith(`/${entry}`)),
        ),
      )
    },
  }
}
