import { sameSitePath } from '../../domain/accounts/redirect'

/**
 * Where a new client was going when they chose to register (a service's brief, say). Between
 * registering and signing in lies the verification mail, whose link opens a new tab, perhaps
 * the next day: the path is kept in localStorage (this browser only) for as long as that link
 * works, and the first sign-in without a `?redirect=` of its own goes there and forgets it.
 */
const storageKey = 'agency.returnAfterSignIn'
/** The verification link's lifetime. */
const keepForMs = 24 * 60 * 60 * 1000

type Kept = { readonly path: string; readonly until: number }

export function keepReturnAfterSignIn(path: string, now = Date.now()): void {
  const safe = sameSitePath(path, '')
  if (safe === '') return
  try {
    localStorage.setItem(storageKey, JSON.stringify({ path: safe, until: now + keepForMs }))
  } catch {
    // Storage disabled: the visitor signs in and opens the page again themselves.
  }
}

/** The kept path, once (it is forgotten as it is read); undefined when none or expired. */
export function takeReturnAfterSignIn(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(storageKey)
    localStorage.removeItem(storageKey)
    if (raw === null) return undefined
    const kept = JSON.parse(raw) as Partial<Kept>
    if (typeof kept.until !== 'number' || kept.until < now) return undefined
    const safe = sameSitePath(kept.path, '')
    return safe === '' ? undefined : safe
  } catch {
    return undefined
  }
}
