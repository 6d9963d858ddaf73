import { useSyncExternalStore } from 'react'
import { getSession, subscribeToSession } from './session'

const signedIn = () => getSession() !== null
// Prerendered HTML is for everyone, so it is the signed-out variant.
const signedInOnServer = () => false

/** Whether someone is signed in; re-renders when the session changes. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, signedIn, signedInOnServer)
}
