/**
 * The visitor's session, the one place the header and the mobile bar learn whether someone
 * is signed in. Nobody can sign in yet (accounts arrive later), so the session starts empty
 * and stays so until the sign-in flow calls `setSession`; nothing here hard-codes the answer.
 */
export type Session = { readonly user: { readonly name: string; readonly email: string } }

let current: Session | null = null
const listeners = new Set<() => void>()

export function getSession(): Session | null {
  return current
}

/** Called by the sign-in / sign-out flows (and on start-up once the API can say who is in). */
export function setSession(next: Session | null): void {
  if (next === current) return
  current = next
  for (const listener of listeners) listener()
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
