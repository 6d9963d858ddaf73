// `npm run check:architecture` (part of `npm test`): the layers of docs/architecture.md, checked
// on every import of every source file (tests aside), type-only imports included. Exits 1 and
// names the broken rule, the importing file and the imported one; also fails on any cycle.
//
// The imports come from Rolldown's parser (the one Vite builds with), so TypeScript and TSX
// parse exactly as in the build. Only relative imports are resolved: the project has no path
// aliases.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'rolldown/utils'

const projectRoot = fileURLToPath(new URL('..', import.meta.url))
const sourceRoots = ['domain', 'machines', 'src', 'server']
const extensions = ['.ts', '.tsx', '.mjs', '.js']
const isTest = (file) =>
  /\.(test|paths\.test)\.tsx?$/.test(file) || /^server\/test\//.test(file) || file.endsWith('.d.ts')

/**
 * Each layer: which files belong to it, which layers it may import, and which npm packages are
 * off limits. The first layer whose pattern matches a file is the file's layer. `within`, where
 * set, names the only folders the layer's files may import from at all, layered or not: the
 * bottom of the stack (domain ← machines ← src, server) never reaches up, not even to a file
 * no layer claims.
 */
/**
 * The server's resources: one name each, from the URL to the contract file
 * (`domain/api/<name>-endpoints.ts`), the server folder (`server/<name>/`) and its route table
 * (`server/<name>/<name>-routes.ts`); docs/architecture.md's glossary maps the rest.
 */
export const serverResources = [
  'auth',
  'me',
  'factors',
  'contact',
  'service-requests',
  'admin',
  'messages',
  'files',
  'proposals',
  'content',
  'payments',
  'work',
]

export const layers = [
  {
    name: 'domain',
    files: /^domain\//,
    mayImport: ['domain'],
    within: /^domain\//,
    packages: /^(valibot|@lingui\/core(\/macro)?)$/,
    why: 'the domain layer (facts, schemas, the API contract) imports nothing of the app: not machines/, src/ or server/',
  },
  {
    name: 'machines',
    files: /^machines\//,
    mayImport: ['domain', 'machines'],
    within: /^(domain|machines)\//,
    packages: /^xstate$/,
    why: 'machines are pure: they import only the domain layer (no React, DOM or I/O, nothing of src/ or server/)',
  },
  {
    name: 'i18n',
    files: /^src\/i18n\//,
    mayImport: ['domain', 'i18n'],
    why: 'the i18n runtime sits below every feature',
  },
  {
    name: 'api',
    files: /^src\/api\//,
    mayImport: ['domain', 'api'],
    why: 'the browser client of the API contract is shared by every feature and knows none',
  },
  {
    name: 'ui',
    files: /^src\/ui\//,
    mayImport: ['domain', 'machines', 'i18n', 'ui'],
    why: 'the shared UI layer (pieces and hooks two features share, a shared machine’s included) is used by features and must not know them',
  },
  {
    name: 'session',
    files: /^src\/session\//,
    mayImport: ['domain', 'machines', 'api', 'ui', 'session'],
    why: 'the session (who is signed in, the app’s QueryClient) is app infrastructure every feature and the shell read; it knows no feature',
  },
  {
    name: 'feature',
    files: /^src\/features\/([^/]+)\//,
    mayImport: ['domain', 'machines', 'i18n', 'api', 'ui', 'session', 'same feature'],
    why: 'a feature never imports another feature: what two features share moves down',
  },
  {
    name: 'shell',
    files: /^src\/shell\//,
    mayImport: ['domain', 'machines', 'i18n', 'api', 'ui', 'session', 'feature', 'shell'],
    why: 'the site shell composes features and never imports routes',
  },
  {
    name: 'app',
    files: /^src\/(routes\/|routing\/|hydration\/|main\.tsx$|entry-server\.tsx$)/,
    mayImport: ['domain', 'machines', 'i18n', 'api', 'ui', 'session', 'feature', 'shell', 'app'],
    why: 'routes and entry points compose everything below them',
  },
  {
    name: 'server platform',
    files: /^server\/(db|mail|security|log|i18n|site|sessions|build|live|storage)\//,
    mayImport: ['domain', 'machines', 'server platform'],
    forbiddenPackages: /^(react|react-dom|@tanstack\/|@xstate\/react)/,
    why: 'the platform (database, mail, security, logs, languages, site serving, sessions, live events, file storage) knows no route: the kernel and the resources build on it',
  },
  {
    name: 'server kernel',
    files: /^server\/http\//,
    mayImport: ['domain', 'machines', 'server platform', 'server kernel'],
    forbiddenPackages: /^(react|react-dom|@tanstack\/|@xstate\/react)/,
    why: 'the HTTP kernel (context, gate, answers, admission, rate rules, the router factory) serves every resource and knows none',
  },
  {
    name: 'server resource',
    files: new RegExp(`^server/(${serverResources.join('|')})/`),
    mayImport: [
      'domain',
      'machines',
      'server platform',
      'server kernel',
      'same resource',
      'another resource’s data',
    ],
    forbiddenPackages: /^(react|react-dom|@tanstack\/|@xstate\/react)/,
    why: 'a resource builds on the kernel and the platform; of another resource it uses only its data (its store, texts and mail kinds) and its status-change rule, never its routes or other handlers',
  },
  {
    name: 'server app',
    files: /^server\//,
    mayImport: [
      'domain',
      'machines',
      'server platform',
      'server kernel',
      'server resource',
      'server app',
    ],
    forbiddenPackages: /^(react|react-dom|@tanstack\/|@xstate\/react)/,
    why: 'the server imports only the domain layer, the pure machines (the rules it shares with the pages) and its own modules; its composition (app, services, the mail kinds registry) mounts the resources',
  },
]

function layerOf(file) {
  for (const layer of layers) {
    const match = layer.files.exec(file)
    if (match) return { layer, feature: match[1] }
  }
  return undefined
}

function listSources(root, dir) {
  const out = []
  if (!existsSync(join(root, dir))) return out
  for (const entry of readdirSync(join(root, dir))) {
    const path = `${dir}/${entry}`
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    if (statSync(join(root, path)).isDirectory()) out.push(...listSources(root, path))
    else if (extensions.some((ext) => entry.endsWith(ext)) && !isTest(path)) out.push(path)
  }
  return out
}

function resolveImport(root, from, specifier) {
  // A Vite query (`./picture.svg?url`) names the same file.
  const base = resolve(root, dirname(from), specifier.replace(/\?.*$/, ''))
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => join(base, `index${ext}`)),
  ]
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile())
  return found ? relative(root, found).split('\\').join('/') : undefined
}

/** Every import of `file`: relative ones resolved to project files, others as package names. */
function importsOf(root, file) {
  const source = readFileSync(join(root, file), 'utf8')
  const { module, errors } = parseSync(file, source)
  if (errors.length > 0) throw new Error(`${file}: ${errors[0].message}`)
  const specifiers = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) =>
      e.entries.map((x) => x.moduleRequest?.value).filter(Boolean),
    ),
    ...module.dynamicImports
      .map((d) => source.slice(d.moduleRequest.start, d.moduleRequest.end))
      .filter((text) => /^['"`][^'"`$]*['"`]$/.test(text))
      .map((text) => text.slice(1, -1)),
  ]
  return [...new Set(specifiers)].map((specifier) =>
    specifier.startsWith('.')
      ? { specifier, file: resolveImport(root, file, specifier) }
      : { specifier, package: specifier.replace(/^(@[^/]+\/[^/]+|[^@/][^/]*).*$/, '$1') },
  )
}

/**
 * What one resource may use of another: its data (store, texts, mail kinds) and its rule for
 * changing a record's status (the admin mounts the requests' status change).
 */
const resourceData = /-(store|messages|mail-kinds|status-change)\.ts$/

function allowed(from, to, toFile) {
  if (from.layer.within && !from.layer.within.test(toFile)) return false
  if (!to) return true // tests, scripts, locales, public assets: not layered
  return from.layer.mayImport.some(
    (name) =>
      name === to.layer.name ||
      (name === 'same feature' && to.layer.name === 'feature' && to.feature === from.feature) ||
      (name === 'same resource' &&
        to.layer.name === 'server resource' &&
        to.feature === from.feature) ||
      (name === 'another resource’s data' &&
        to.layer.name === 'server resource' &&
        resourceData.test(toFile)),
  )
}

/**
 * The folder a file counts in for folder cycles: a feature as a whole, otherwise the file's
 * directory; a file at the top of src/, machines/ or server/ (an entry point, a machine, the
 * server's composition) is a unit of its own. The files at the top of domain/ (the languages,
 * the agency, money…) are one folder, as they were under src/domain/.
 */
function folderOf(file) {
  const feature = /^(src\/features\/[^/]+)\//.exec(file)
  if (feature) return feature[1]
  return ['src', 'machines', 'server'].includes(dirname(file)) ? file : dirname(file)
}

/** Cycles: strongly connected components of more than one file (Tarjan). */
function findCycles(graph) {
  let index = 0
  const stack = []
  const info = new Map()
  const cycles = []
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true })
    index++
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next)
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low)
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index)
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const component = []
      let member
      do {
        member = stack.pop()
        info.get(member).onStack = false
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component)
    }
  }
  for (const node of graph.keys()) if (!info.has(node)) visit(node)
  return cycles
}

/**
 * Folders that moved: a file there (a test included) is one written for the old layout, whose
 * imports would reach the layers the wrong way.
 */
export const retiredFolders = [
  {
    folder: 'src/domain',
    why: 'the domain is a top-level folder of its own, domain/, below machines/, src/ and server/ (docs/decisions/051)',
  },
]

/**
 * One name per resource: each contract file `domain/api/<name>-endpoints.ts` has its server
 * folder `server/<name>/`, a resource of the layer table, with its routes `<name>-routes.ts`;
 * and each resource folder of the table that exists has its contract file.
 */
export function resourceNameProblems(root = projectRoot) {
  const problems = []
  const rule =
    'a resource has one name: domain/api/<name>-endpoints.ts ⇔ server/<name>/<name>-routes.ts'
  // A project without a contract (a throw-away one of the check's tests) has no names to match.
  if (!existsSync(join(root, 'domain/api'))) return problems
  const contracts = readdirSync(join(root, 'domain/api'))
    .filter((entry) => entry.endsWith('-endpoints.ts'))
    .map((entry) => entry.slice(0, -'-endpoints.ts'.length))
  for (const name of contracts) {
    if (!serverResources.includes(name) || !existsSync(join(root, 'server', name)))
      problems.push(
        `contract without its resource: domain/api/${name}-endpoints.ts has no server/${name}/\n    rule: ${rule}`,
      )
    else if (!existsSync(join(root, 'server', name, `${name}-routes.ts`)))
      problems.push(
        `resource without its routes: server/${name}/${name}-routes.ts is missing\n    rule: ${rule}`,
      )
  }
  for (const name of serverResources) {
    if (existsSync(join(root, 'server', name)) && !contracts.includes(name))
      problems.push(
        `resource without its contract: server/${name}/ has no domain/api/${name}-endpoints.ts\n    rule: ${rule}`,
      )
  }
  return problems
}

/** Every file under `dir` (tests included), relative to `root`. */
function listAll(root, dir) {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`
    return statSync(join(root, path)).isDirectory() ? listAll(root, path) : [path]
  })
}

/** Checks every source file under `root`; returns the broken rules (empty when all is well). */
export function checkArchitecture(root = projectRoot) {
  const problems = [...resourceNameProblems(root)]
  for (const { folder, why } of retiredFolders) {
    for (const file of listAll(root, folder))
      problems.push(`retired folder: ${file}\n    rule: ${why}`)
  }
  const graph = new Map()
  for (const file of sourceRoots.flatMap((dir) => listSources(root, dir))) {
    const from = layerOf(file)
    const edges = []
    for (const imported of importsOf(root, file)) {
      if (imported.file) {
        edges.push(imported.file)
        const to = layerOf(imported.file)
        if (from && !allowed(from, to, imported.file)) {
          problems.push(
            `${from.layer.name} → ${to?.layer.name ?? 'outside its folders'}: ${file} imports ${imported.file}\n    rule: ${from.layer.why}`,
          )
        }
      } else if (imported.specifier.startsWith('.')) {
        problems.push(`unresolved import: ${file} imports ${imported.specifier}`)
      } else if (from && !imported.package.startsWith('node:') && from.layer.packages) {
        if (!from.layer.packages.test(imported.package)) {
          problems.push(
            `${from.layer.name} → package ${imported.package}: ${file}\n    rule: ${from.layer.why}`,
          )
        }
      } else if (from?.layer.forbiddenPackages?.test(imported.package)) {
        problems.push(
          `${from.layer.name} → package ${imported.package}: ${file}\n    rule: ${from.layer.why}`,
        )
      } else if (from && imported.package.startsWith('node:') && from.layer.packages) {
        problems.push(
          `${from.layer.name} → ${imported.package}: ${file}\n    rule: ${from.layer.why}`,
        )
      }
    }
    graph.set(file, edges)
  }
  for (const cycle of findCycles(graph)) {
    problems.push(`cycle: ${cycle.reverse().join(' → ')}\n    rule: imports never form a cycle`)
  }
  const folders = new Map()
  for (const [file, edges] of graph) {
    const folder = folderOf(file)
    const targets = folders.get(folder) ?? new Set()
    for (const edge of edges) if (folderOf(edge) !== folder) targets.add(folderOf(edge))
    folders.set(folder, targets)
  }
  const folderGraph = new Map([...folders].map(([folder, targets]) => [folder, [...targets]]))
  for (const cycle of findCycles(folderGraph)) {
    problems.push(
      `folder cycle: ${cycle.reverse().join(' → ')}\n    rule: folders never import each other in a circle`,
    )
  }
  return { problems, files: graph.size }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, files } = checkArchitecture()
  if (problems.length > 0) {
    console.error(`Architecture: ${problems.length} broken rule(s) in ${files} files\n`)
    for (const problem of problems) console.error(`  ✖ ${problem}`)
    process.exit(1)
  }
  console.log(`Architecture: ${files} files, every import follows the layers, no cycles.`)
}
