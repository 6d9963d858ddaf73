import { assign, fromPromise, setup } from 'xstate'

/**
 * Whether someone is signed in on this browser (the header, the mobile bar and the signed-in
 * pages follow it):
 *
 *   unknown → (check) loading → signedIn | signedOut
 *   signedIn → (signOut) signingOut → signedOut   (a failed sign-out stays signed in)
 *   signedIn → (expired: any answer said the session is gone) → signedOut
 *   unknown | signedOut → (signedIn: the sign-in form succeeded) → signedIn
 *
 * Once known to be signed out, it stays so until the visitor signs in on this page: asking
 * again would only repeat the server's 401.
 *
 * Who the user is lives in the query cache of `/api/v1/me` (the injected `loadSession` reads
 * through it, and `forgetUser` empties it); this machine owns when to ask and what it means.
 * Starting in `unknown` lets a public page render as for everyone and ask after hydration.
 */

export type SessionContext = {
  /** The last sign-out did not reach the server: the session is still open. */
  readonly signOutFailed: boolean
}

export type SessionEvent =
  | { readonly type: 'check' }
  | { readonly type: 'signedIn' }
  | { readonly type: 'signOut' }
  | { readonly type: 'expired' }

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    /** Resolves when `/api/v1/me` knows the visitor; rejects otherwise (401 among others). */
    loadSession: fromPromise<void>(async () => {
      throw new Error('loadSession is not provided')
    }),
    /** `POST /api/v1/auth/logout`. */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut is not provided')
    }),
  },
  actions: {
    /** Empties what the browser knows about the user (injected: the query cache). */
    forgetUser: () => {},
    noteSignOutFailed: assign({ signOutFailed: true }),
    clearSignOutFailed: assign({ signOutFailed: false }),
  },
}).createMachine({
  id: 'session',
  context: { signOutFailed: false },
  initial: 'unknown',
  states: {
    unknown: {
      on: {
        check: { target: 'loading' },
        signedIn: { target: 'signedIn' },
      },
    },
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: { target: 'signedIn' },
        onError: { target: 'signedOut' },
      },
    },
    signedIn: {
      on: {
        signOut: { target: 'signingOut', actions: 'clearSignOutFailed' },
        expired: { target: 'signedOut' },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut' },
        // The server answers a sign-out of a session already ended with its success, so any
        // failure leaves the session possibly open.
        onError: { target: 'signedIn', actions: 'noteSignOutFailed' },
      },
    },
    signedOut: {
      entry: ['forgetUser', 'clearSignOutFailed'],
      on: { signedIn: { target: 'signedIn' } },
    },
  },
})
