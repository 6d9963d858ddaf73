import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { factorActionsMachine } from './factor-actions-machine'
import { proofCancelled } from './step-up-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const laptop = { id: 'p1', name: 'Laptop' }

function start(answer: () => Promise<ApiAnswer>) {
  const calls: unknown[] = []
  let refreshed = 0
  const actor = createActor(
    factorActionsMachine.provide({
      actors: {
        renamePasskey: fromPromise(async ({ input }) => {
          calls.push(['rename', input])
          return answer()
        }),
        removePasskey: fromPromise(async ({ input }) => {
          calls.push(['remove', input])
          return answer()
        }),
        disableTotp: fromPromise(async () => {
          calls.push(['disable'])
          return answer()
        }),
      },
      actions: { refresh: () => void refreshed++ },
    }),
  ).start()
  return { actor, calls, refreshed: () => refreshed }
}

describe('factorActionsMachine', () => {
  it('renames (refusing a blank name), removes and turns the app off', async () => {
    const { actor, calls, refreshed } = start(async () => ({ success: true }))
    actor.send({ type: 'rename', ...laptop, newName: '  ' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.refusedRenames).toBe(1)
    actor.send({ type: 'rename', ...laptop, newName: ' Work laptop ' })
    await settle()
    expect(actor.getSnapshot().value).toBe('renamed')
    actor.send({ type: 'remove', ...laptop })
    await settle()
    expect(actor.getSnapshot().value).toBe('removed')
    actor.send({ type: 'disableTotp' })
    await settle()
    expect(actor.getSnapshot().value).toBe('disabled')
    expect(calls).toEqual([
      ['rename', { id: 'p1', name: 'Work laptop' }],
      ['remove', { id: 'p1' }],
      ['disable'],
    ])
    expect(refreshed()).toBe(3)
  })

  it('declined proof goes back quietly; a failure is shown with the server text', async () => {
    let failure: unknown = proofCancelled()
    const { actor } = start(async () => {
      throw failure
    })
    actor.send({ type: 'remove', ...laptop })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    failure = rejection(404, 'not_found', 'That passkey is gone.')
    actor.send({ type: 'disableTotp' })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.message).toBe('That passkey is gone.')
  })
})
