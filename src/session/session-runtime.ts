import { QueryClient } from '@tanstack/react-query'
import { createActor, fromPromise } from 'xstate'
import type { AccountUser, MeBody, SignedInBody } from '../../domain/api/api-contract'
import { sessionMachine } from '../../machines/session-machine'
import { callEndpoint } from '../api/call-endpoint'
import { inspectorOptions } from '../ui/machine-inspector'
import { meQueryKey, meQueryOptions } from './me-query'

/**
 * The session of one app (one router): the app's only QueryClient, which holds who is signed
 * in (`/api/v1/me`) and the account's server reads, and the session machine's actor, which
 * decides when to ask and what the answers mean. Loaded on demand (session-slot.ts), so a
 * public page that has no reason to ask never downloads it.
 */

export type SessionStatus = 'unknown' | 'loading' | 'signedIn' | 'signingOut' | 'signedOut'

export type SessionView = {
  readonly status: SessionStatus
  /** Who is signed in (while `signedIn` or `signingOut`). */
  readonly user: AccountUser | undefined
  /** The last sign-out did not reach the server. */
  readonly signOutFailed: boolean
}

export type SessionRuntime = {
  readonly queryClient: QueryClient
  /** The session as the header and pages show it; the same object until something changes. */
  view(): SessionView
  subscribe(listener: () => void): () => void
  /** Asks the server who is signed in, once; resolves when the answer is known. */
  check(): Promise<SessionView>
  /** The sign-in form succeeded. */
  signedIn(body: SignedInBody): void
  /** The details changed (the profile form saved them). */
  updated(body: MeBody): void
  signOut(): void
  /** Some answer said the session is gone. */
  expired(): void
}

export function createSessionRuntime(): SessionRuntime {
  const queryClient = new QueryClient({
    defaultOptions: {
      // A 401 or a refusal is an answer, not a glitch; the session machine decides what next.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  })
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadSession: fromPromise(async () => {
          await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 })
        }),
        signOut: fromPromise(async () => {
          await callEndpoint('logout', {})
        }),
      },
      actions: {
        // Everything the account read is the signed-out visitor's no more.
        forgetUser: () => queryClient.removeQueries({ queryKey: meQueryKey }),
      },
    }),
    inspectorOptions,
  ).start()

  let cached: SessionView | undefined
  const view = (): SessionView => {
    const snapshot = actor.getSnapshot()
    const status = snapshot.value as SessionStatus
    const signedIn = status === 'signedIn' || status === 'signingOut'
    const user = signedIn ? queryClient.getQueryData<MeBody>(meQueryKey)?.user : undefined
    const { signOutFailed } = snapshot.context
    if (
      cached?.status === status &&
      cached.user === user &&
      cached.signOutFailed === signOutFailed
    ) {
      return cached
    }
    cached = { status, user, signOutFailed }
    return cached
  }
  return {
    queryClient,
    view,
    subscribe(listener) {
      const fromActor = actor.subscribe(() => listener())
      const fromCache = queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === meQueryKey[0]) listener()
      })
      return () => {
        fromActor.unsubscribe()
        fromCache()
      }
    },
    async check() {
      if (actor.getSnapshot().matches('unknown')) actor.send({ type: 'check' })
      await new Promise<void>((resolve) => {
        const done = () => !actor.getSnapshot().matches('loading')
        if (done()) return resolve()
        const subscription = actor.subscribe(() => {
          if (!done()) return
          subscription.unsubscribe()
          resolve()
        })
      })
      return view()
    },
    signedIn(body) {
      queryClient.setQueryData<MeBody>(meQueryKey, { success: true, user: body.user })
      actor.send({ type: 'signedIn' })
    },
    updated(body) {
      queryClient.setQueryData<MeBody>(meQueryKey, body)
    },
    signOut() {
      actor.send({ type: 'signOut' })
    },
    expired() {
      // Only a session that was open can expire; the session's own calls answer for themselves.
      if (actor.getSnapshot().can({ type: 'expired' })) actor.send({ type: 'expired' })
    },
  }
}
