import { describe, expect, it } from 'vitest'
import { type ModuleFacts, sharedGroups } from './code-splitting'

/** A module graph from `id: [its static imports]`. */
function graphOf(modules: Record<string, string[]>, lazy: Record<string, string[]> = {}) {
  return (id: string): ModuleFacts | null =>
    id in modules
      ? {
          importedIds: modules[id] ?? [],
          dynamicallyImportedIds: lazy[id] ?? [],
          isEntry: id === entry,
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
