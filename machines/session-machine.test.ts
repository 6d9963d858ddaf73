import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { rejection } from '../tests/fixtures/account-user'
import { sessionMachine } from './session-machine'

function start(load: () => Promise<unknown>, signOut: () => Promise<unknown> = async () => ({})) {
  const asVoid = (run: () => Promise<unknown>) => async () => {
    await run()
  }
  const forgetUser = vi.fn()
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadSession: fromPromise(asVoid(load)), signOut: fromPromise(asVoid(signOut)) },
      actions: { forgetUser },
    }),
  ).start()
  return { actor, forgetUser }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('sessionMachine', () => {
  it('stays unknown until asked, then loads: a user means signed in', async () => {
    const { actor } = start(async () => ({ user: 'ana' }))
    expect(actor.getSnapshot().value).toBe('unknown')
    actor.send({ type: 'check' })
    expect(actor.getSnapshot().value).toBe('loading')
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
  })

  it('a refused load is signed out, and forgets the user', async () => {
    const { actor, forgetUser } = start(async () => {
      throw rejection(401, 'unauthenticated')
    })
    actor.send({ type: 'check' })
    await settle()
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(forgetUser).toHaveBeenCalledTimes(1)
  })

  it('signs out through the server; an expiry seen anywhere signs out at once', async () => {
    const { actor } = start(async () => ({}))
    actor.send({ type: 'signedIn' })
    actor.send({ type: 'signOut' })
    expect(actor.getSnapshot().value).toBe('signingOut')
    await settle()
    expect(actor.getSnapshot().value).toBe('signedOut')
    actor.send({ type: 'signedIn' })
    actor.send({ type: 'expired' })
    expect(actor.getSnapshot().value).toBe('signedOut')
  })

  it('a sign-out that did not reach the server stays signed in and says so; another clears it', async () => {
    let fail: unknown = new Error('Network Error')
    const { actor } = start(
      async () => ({}),
      async () => {
        throw fail
      },
    )
    actor.send({ type: 'signedIn' })
    actor.send({ type: 'signOut' })
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.signOutFailed).toBe(true)
    fail = rejection(500, 'server_error')
    actor.send({ type: 'signOut' })
    expect(actor.getSnapshot().context.signOutFailed).toBe(false)
    await settle()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.signOutFailed).toBe(true)
  })
})
