import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { RecoveryCodesBody } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { recoveryCodesMachine } from './recovery-codes-machine'
import { proofCancelled } from './step-up-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(regenerate: () => Promise<RecoveryCodesBody>) {
  let refreshed = 0
  const actor = createActor(
    recoveryCodesMachine.provide({
      actors: { regenerateCodes: fromPromise(() => regenerate()) },
      actions: { refresh: () => void refreshed++ },
    }),
  ).start()
  return { actor, refreshed: () => refreshed }
}

describe('recoveryCodesMachine', () => {
  it('asks before replacing the codes, shows the new ones once', async () => {
    const { actor, refreshed } = start(async () => ({
      success: true,
      message: 'New.',
      recoveryCodes: ['A', 'B'],
    }))
    actor.send({ type: 'regenerate' })
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'regenerate' })
    actor.send({ type: 'confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('shown')
    expect(actor.getSnapshot().context.codes).toEqual(['A', 'B'])
    expect(refreshed()).toBe(1)
    actor.send({ type: 'done' })
    expect(actor.getSnapshot().context.codes).toEqual([])
  })

  it('declined proof, a 429 and other failures', async () => {
    let failure: unknown = proofCancelled()
    const { actor } = start(async () => {
      throw failure
    })
    actor.send({ type: 'regenerate' })
    actor.send({ type: 'confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    failure = rejection(429, 'rate_limited', 'Wait.')
    actor.send({ type: 'regenerate' })
    actor.send({ type: 'confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('rateLimited')
    actor.send({ type: 'retry' })
    failure = { message: 'Network Error' }
    actor.send({ type: 'regenerate' })
    actor.send({ type: 'confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
