import { describe, expect, it } from 'vitest'
import {
  islandGroups,
  islands,
  type ModuleFacts,
  sharedGroups,
  signedInPageGroups,
  smallGroupChars,
} from './code-splitting'

/** A module graph from `id: [its static imports]` (each module's code `sizes[id]` long). */
function graphOf(
  modules: Record<string, string[]>,
  lazy: Record<string, string[]> = {},
  sizes: Record<string, number> = {},
) {
  return (id: string): ModuleFacts | null =>
    id in modules
      ? {
          importedIds: modules[id] ?? [],
          dynamicallyImportedIds: lazy[id] ?? [],
          isEntry: id === entry,
          // Large unless told: the folding of small groups is tested on its own below.
          code: 'x'.repeat(sizes[id] ?? smallGroupChars),
        }
      : null
}

const entry = '/app/src/main.tsx'

const route = (name: string) => `/app/src/routes/${name}.tsx?tsr-split=component`
const shell = '/app/src/session/signed-in-shell.tsx'

describe('the shared groups of the client build', () => {
  const modules = {
    [entry]: ['/app/src/session/session-slot.ts'],
    '/app/src/session/session-slot.ts': [],
    '/app/src/session/session-runtime.ts': ['/app/src/session/me-query.ts'],
    '/app/src/session/me-query.ts': [],
    [route('contact')]: ['/app/src/ui/form-flow.ts', '/app/src/features/contact/form.tsx'],
    [route('register')]: ['/app/src/ui/form-flow.ts', '/app/src/ui/address.tsx'],
    [route('login')]: ['/app/src/ui/form-flow.ts'],
    [route('my-services')]: [
      shell,
      '/app/src/features/requests/list.tsx',
      '/app/src/ui/form-flow.ts',
    ],
    [route('profile')]: [shell, '/app/src/ui/address.tsx', '/app/src/features/account/profile.tsx'],
    [route('admin')]: [shell, '/app/src/features/admin/inbox.tsx'],
    [shell]: ['/app/src/session/query.ts', '/app/src/session/me-query.ts'],
    '/app/src/features/requests/list.tsx': ['/app/src/session/query.ts'],
    '/app/src/features/admin/inbox.tsx': ['/app/src/session/query.ts'],
    '/app/src/ui/form-flow.ts': [],
    '/app/src/ui/address.tsx': [],
    '/app/src/features/contact/form.tsx': [],
    '/app/src/features/account/profile.tsx': [],
    '/app/src/session/query.ts': [],
  }
  // The header loads the session's runtime on demand, on every page.
  const lazy = {
    '/app/src/session/session-slot.ts': ['/app/src/session/session-runtime.ts'],
    [entry]: Object.keys(modules).filter((id) => id.includes('?tsr-split')),
  }
  const groups = sharedGroups(Object.keys(modules), graphOf(modules, lazy))

  it('puts what only pages behind the sign-in share in one group', () => {
    expect(groups.get(shell)).toBe('signed-in')
    expect(groups.get('/app/src/session/query.ts')).toBe('signed-in')
  })

  it('leaves out of it what a public page may load on demand (the session’s runtime)', () => {
    // Grouped instead with what reaches it, the runtime included: loading the runtime on a
    // public page then downloads no module it does not need.
    expect(groups.get('/app/src/session/me-query.ts')).toMatch(/^shared-[0-9a-f]{6}$/)
  })

  it('groups what public pages share by the set of routes that reach it', () => {
    const formFlow = groups.get('/app/src/ui/form-flow.ts')
    const address = groups.get('/app/src/ui/address.tsx')
    expect(formFlow).toMatch(/^shared-[0-9a-f]{6}$/)
    expect(address).toMatch(/^shared-[0-9a-f]{6}$/)
    // Reached by other routes: in one file, one page would download the other's module.
    expect(formFlow).not.toBe(address)
  })

  it('leaves a module one route alone reaches to that route’s own chunk', () => {
    for (const only of [
      '/app/src/features/contact/form.tsx',
      '/app/src/features/requests/list.tsx',
      '/app/src/features/account/profile.tsx',
      route('admin'),
    ])
      expect(groups.has(only)).toBe(false)
  })
})

describe('small shared groups', () => {
  const formFlow = '/app/src/ui/form-flow.ts'
  const redirect = '/app/domain/redirect.ts'
  const query = '/app/src/session/query.ts'
  const tiny = { [redirect]: 100 }
  // The redirect rules are small and only the sign-in and the registration use them; the form
  // flow is large, and the client's requests page uses it too.
  const modules = {
    [entry]: [],
    [route('register')]: [formFlow, redirect],
    [route('login')]: [formFlow, redirect],
    [route('my-services')]: [shell, formFlow],
    [route('admin')]: [shell, query],
    [shell]: [],
    [formFlow]: [],
    [redirect]: [],
    [query]: [],
  }
  const groupsOf = (graph: Record<string, string[]>) =>
    sharedGroups(Object.keys(graph), graphOf(graph, {}, tiny))

  it('join a group all their pages load anyway, if only signed-in pages download them besides', () => {
    const groups = groupsOf(modules)
    expect(groups.get(redirect)).toBe(groups.get(formFlow))
  })

  it('stay apart when a public page would download them for nothing', () => {
    const groups = groupsOf({ ...modules, [route('contact')]: [formFlow] })
    expect(groups.get(redirect)).toMatch(/^shared-[0-9a-f]{6}$/)
    expect(groups.get(redirect)).not.toBe(groups.get(formFlow))
  })

  it('stay apart when the host’s pages would have to load what they import', () => {
    // The redirect reads a query that /my-services does not load: joined with the form flow, it
    // would make /my-services download the query's file too. (The query's own file, which
    // /contact loads, cannot take it either: /contact would download the redirect for nothing.)
    const groups = groupsOf({ ...modules, [redirect]: [query], [route('contact')]: [query] })
    expect(groups.get(redirect)).toMatch(/^shared-[0-9a-f]{6}$/)
    expect(groups.get(redirect)).not.toBe(groups.get(formFlow))
  })

  it('leave alone what the entry imports (every page has it already)', () => {
    const groups = groupsOf({ ...modules, [entry]: [redirect] })
    expect(groups.has(redirect)).toBe(false)
  })
})

describe('the signed-in pages’ own build', () => {
  const runtime = '/app/src/session/session-runtime.ts'
  const meQuery = '/app/src/session/me-query.ts'
  const list = '/app/src/features/requests/list.tsx'
  const formFlow = '/app/src/ui/form-flow.ts'
  const inbox = '/app/src/features/admin/inbox.tsx'
  const query = '/app/src/session/query.ts'
  const contactForm = '/app/src/features/contact/form.tsx'
  const modules = {
    [entry]: ['/app/src/session/session-slot.ts'],
    '/app/src/session/session-slot.ts': [],
    [runtime]: [meQuery],
    [meQuery]: [],
    [route('contact')]: [formFlow, contactForm],
    [route('my-services')]: [shell, list, formFlow],
    [route('my-services_.$requestId')]: [shell, list],
    [route('admin')]: [shell, inbox],
    [shell]: [query],
    [list]: [],
    [formFlow]: [],
    [inbox]: [],
    [query]: [],
    [contactForm]: [],
  }
  const lazy = { '/app/src/session/session-slot.ts': [runtime] }
  const groups = signedInPageGroups(Object.keys(modules), graphOf(modules, lazy))

  it('puts what every signed-in page starts with in one file: the session’s runtime and what pages share', () => {
    for (const id of [runtime, meQuery, shell, query, list])
      expect(groups.get(id)).toBe('signed-in')
  })

  it('gives each signed-in page one file of its own, with the public pages’ code it needs', () => {
    // The form flow is shared with /contact, whose visitors start from the public build: here it
    // goes with the one signed-in page that needs it.
    expect(groups.get(route('my-services'))).toBe('page-my-services')
    expect(groups.get(formFlow)).toBe('page-my-services')
    expect(groups.get(route('admin'))).toBe('page-admin')
    expect(groups.get(inbox)).toBe('page-admin')
    expect(groups.get(route('my-services_.$requestId'))).toBe('page-my-services_-requestId')
  })

  it('leaves to the bundler what the entry imports and what only public pages reach', () => {
    for (const id of ['/app/src/session/session-slot.ts', route('contact'), contactForm])
      expect(groups.has(id)).toBe(false)
  })
})

describe('the islands of the client build', () => {
  const island = `/app/${islands.slideshow}`
  const modules = {
    [entry]: ['/app/src/features/home/components/slideshow.tsx', '/app/src/routing/router.ts'],
    [island]: ['/app/src/features/home/components/slideshow.tsx', '/app/locales/en/slideshow.po'],
    '/app/src/features/home/components/slideshow.tsx': ['/app/node_modules/xstate/index.js'],
    '/app/node_modules/xstate/index.js': [],
    '/app/locales/en/slideshow.po': [],
    '/app/src/routing/router.ts': [],
  }
  const groups = islandGroups(Object.keys(modules), graphOf(modules))

  it('puts what an island reaches in its file, which the app then shares', () => {
    expect(Object.fromEntries(groups)).toEqual({
      '/app/src/features/home/components/slideshow.tsx': 'island-slideshow',
      '/app/node_modules/xstate/index.js': 'island-slideshow',
      '/app/locales/en/slideshow.po': 'island-slideshow',
    })
  })

  it('leaves the island’s entry its own file, and the app’s own modules to the app', () => {
    expect(groups.has(island)).toBe(false)
    expect(groups.has('/app/src/routing/router.ts')).toBe(false)
  })
})
