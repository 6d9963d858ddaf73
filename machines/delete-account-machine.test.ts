import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { rejection } from '../tests/fixtures/account-user'
import { deleteAccountMachine } from './delete-account-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(remove: (input: { password: string }) => Promise<unknown>) {
  const announceDeleted = vi.fn()
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise(async ({ input }) => (await remove(input)) as ApiAnswer),
      },
      actions: { announceDeleted },
    }),
  ).start()
  actor.send({ type: 'start' })
  return { actor, announceDeleted }
}

describe('deleteAccountMachine', () => {
  it('an empty password is refused without asking the server', () => {
    const remove = vi.fn(async () => ({}))
    const { actor } = start(remove)
    actor.send({ type: 'submit', password: '' })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    expect(remove).not.toHaveBeenCalled()
  })

  it('deletes with the password, forgets it and announces the deletion', async () => {
    const remove = vi.fn(async () => ({ success: true, message: 'Deleted.' }))
    const { actor, announceDeleted } = start(remove)
    actor.send({ type: 'submit', password: 'lantern orbit mango 42' })
    expect(remove).toHaveBeenCalledWith({ password: 'lantern orbit mango 42' })
    await settle()
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().value).toBe('deleted')
    expect(actor.getSnapshot().context.password).toBe('')
    expect(announceDeleted).toHaveBeenCalledOnce()
  })

  it.each([
    [rejection(400, 'wrong_password'), 'wrongPassword', undefined],
    [rejection(503, 'unavailable', 'Try later.'), 'error', 'Try later.'],
    [{ message: 'Network Error' }, 'error', undefined],
  ])('a refusal (%o) ends in %s', async (error, state, message) => {
    const { actor, announceDeleted } = start(async () => {
      throw error
    })
    actor.send({ type: 'submit', password: 'lantern orbit mango 42' })
    await settle()
    expect(actor.getSnapshot().value).toBe(state)
    expect(actor.getSnapshot().context).toEqual({ password: '', refusedSubmissions: 0, message })
    expect(announceDeleted).not.toHaveBeenCalled()
  })

  it('cancel returns to idle from the confirmation, a wrong password or an error', async () => {
    const { actor } = start(async () => {
      throw rejection(400, 'wrong_password')
    })
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'start' })
    actor.send({ type: 'submit', password: 'x'.repeat(10) })
    await settle()
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
